import { Alert, Button, Stack } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TEAM_TEXTS, WORKSPACE_TEXTS } from '../../../../shared/team';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSwitchWorkspace, type Workspaces } from '../../lib/workspace';

/**
 * A member whose team is paused (the owner's plan dropped below PLUS; DECISIONS 31) is refused on every
 * data route: this says why on every page and offers the way back to their own workspace. Loaded only
 * when that is so.
 */
export default function SuspendedBanner({ workspaces }: { workspaces: Workspaces }) {
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const { current, own } = workspaces;
  if (!current || current.available || !own) return null;

  async function goBack() {
    if (!own) return;
    setSwitching(true);
    try {
      notifySuccess((await switchWorkspace(own.id)) ?? WORKSPACE_TEXTS.switchedOwn);
      navigate('/dashboard');
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : WORKSPACE_TEXTS.switchFailed);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Alert
      color="orange"
      icon={<IconPlayerPause size={18} aria-hidden />}
      title={WORKSPACE_TEXTS.paused(current.name)}
      mb="md"
    >
      <Stack gap="xs" align="flex-start">
        {TEAM_TEXTS.teamUnavailable}
        <Button size="xs" color="dark" onClick={() => void goBack()} loading={switching}>
          {WORKSPACE_TEXTS.backToOwn}
        </Button>
      </Stack>
    </Alert>
  );
}
