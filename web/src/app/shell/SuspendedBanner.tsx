import { Alert, Button, Stack } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { TEAM_TEXTS, WORKSPACE_TEXTS } from '../../../../shared/team-texts';
import type { Workspaces } from '../../lib/workspace';
import { useSwitchTo } from './use-switch-to';

/**
 * A member whose team is paused (the owner's plan dropped below PLUS; DECISIONS 31) is refused on every
 * data route: this says why on every page and offers the way back to their own workspace. Loaded only
 * when that is so.
 */
export default function SuspendedBanner({ workspaces }: { workspaces: Workspaces }) {
  const { switchTo, switching } = useSwitchTo();
  const { current, own } = workspaces;
  if (!current || current.available || !own) return null;

  return (
    <Alert
      color="orange"
      icon={<IconPlayerPause size={18} aria-hidden />}
      title={WORKSPACE_TEXTS.paused(current.name)}
      mb="md"
    >
      <Stack gap="xs" align="flex-start">
        {TEAM_TEXTS.teamUnavailable}
        <Button size="xs" color="dark" onClick={() => void switchTo(own.id)} loading={switching}>
          {WORKSPACE_TEXTS.backToOwn}
        </Button>
      </Stack>
    </Alert>
  );
}
