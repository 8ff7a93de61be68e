import { IconFileExport } from '@tabler/icons-react';
import { ComingSoon, Lead } from '../components/ComingSoon';

export default function ExportsPage() {
  return (
    <ComingSoon title="Exports" icon={IconFileExport}>
      <Lead>
        A central place for all your exports is coming soon. Meanwhile, each automation&apos;s leads can be
        exported as CSV from its leads screen.
      </Lead>
    </ComingSoon>
  );
}
