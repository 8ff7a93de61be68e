import { IconHelp } from '@tabler/icons-react';
import { ComingSoon, Lead } from '../components/ComingSoon';

/** Spec 2.14: a 'coming soon' placeholder; the sidebar's Help Center and the tutorials lead here. */
export default function HelpPage() {
  return (
    <ComingSoon title="Help" icon={IconHelp}>
      <Lead>
        In-app help is coming soon. Until then, the onboarding steps on the dashboard and each template’s page
        show how to connect an account, run a trob and export its leads.
      </Lead>
    </ComingSoon>
  );
}
