import { Button } from '@mantine/core';
import { IconExternalLink, IconHelp } from '@tabler/icons-react';
import { HELP_CENTER_LABEL, HELP_CENTER_URL } from '../../../lib/help-center';
import { ComingSoon, Lead } from '../components/ComingSoon';

export default function HelpPage() {
  return (
    <ComingSoon title="Help" icon={IconHelp}>
      <Lead>In-app help is coming soon. Until then, the help center answers the common questions.</Lead>
      <Button
        component="a"
        href={HELP_CENTER_URL}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        rightSection={<IconExternalLink size={16} aria-hidden />}
      >
        {HELP_CENTER_LABEL}
      </Button>
    </ComingSoon>
  );
}
