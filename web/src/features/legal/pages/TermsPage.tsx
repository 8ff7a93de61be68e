import { PRODUCT_NAME } from '../../../../../shared/product';
import { LegalPage, type LegalSection } from '../components/LegalPage';

export const TERMS_TITLE = 'Terms of Service';

const sections: readonly LegalSection[] = [
  {
    heading: 'Who runs this service',
    paragraphs: [
      `${PRODUCT_NAME} is self-hosted software: whoever deployed this copy (your company, your team or you) runs it and is responsible for it. These terms describe what the software does; the operator of this copy may add their own.`,
    ],
  },
  {
    heading: 'Your account',
    points: [
      'Give a real e-mail address: it is how you verify your account and reset your password.',
      'Keep your password to yourself. You are responsible for what is done with your account.',
      'You can delete your account at any time from Profile Settings.',
    ],
  },
  {
    heading: 'Your use of the social platforms',
    paragraphs: [
      `${PRODUCT_NAME} acts on LinkedIn, X and Instagram with the sessions of accounts you connect. You remain bound by those platforms' own terms, and they may limit or suspend accounts that automate. Use it only on accounts you own, for lawful outreach, and respect the people whose public details you collect.`,
    ],
  },
  {
    heading: 'Plans and payments',
    paragraphs: [
      'Paid plans are charged through Stripe when the operator has set payments up. A trial lasts 14 days and ends by itself, with no charge.',
    ],
  },
  {
    heading: 'No warranty',
    paragraphs: [
      'The software is provided as is, without any warranty. Runs can fail, platforms change, and extracted data can be incomplete or out of date.',
    ],
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title={TERMS_TITLE}
      lead={`The short rules for using ${PRODUCT_NAME}, in plain words.`}
      sections={sections}
    />
  );
}
