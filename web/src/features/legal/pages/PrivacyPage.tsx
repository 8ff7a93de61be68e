import { PRODUCT_NAME } from '../../../../../shared/product';
import { LegalPage, type LegalSection } from '../components/LegalPage';

export const PRIVACY_TITLE = 'Privacy Policy';

const sections: readonly LegalSection[] = [
  {
    heading: 'Who holds your data',
    paragraphs: [
      `${PRODUCT_NAME} is self-hosted: your data stays in the deployment of whoever runs this copy (your company, your team or you) and is not sent to the makers of the software.`,
    ],
  },
  {
    heading: 'What is stored',
    points: [
      'Your account: e-mail address, username, optional first and last name, plan and sign-up date.',
      'Your password, only as a salted scrypt hash; nobody can read it back.',
      'The session cookies of the platform accounts you connect, encrypted, to act on those platforms for you.',
      'The automations you start and the leads they extract.',
    ],
  },
  {
    heading: 'What is not',
    points: [
      'No card numbers: payments happen on Stripe, which tells this service only whether a plan was paid.',
      'No advertising or analytics trackers. The browser keeps only your sign-in tokens.',
    ],
  },
  {
    heading: 'E-mail',
    paragraphs: [
      'This service sends only the e-mails an account needs: the verification link and the password reset link.',
    ],
  },
  {
    heading: 'Deleting your data',
    paragraphs: [
      'Deleting your account in Profile Settings removes it and everything stored under it: sessions, connected platform accounts, automations and their leads. Disconnecting a platform account deletes its stored session at once.',
    ],
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title={PRIVACY_TITLE}
      lead={`What ${PRODUCT_NAME} stores about you, and why.`}
      sections={sections}
    />
  );
}
