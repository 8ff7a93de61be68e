import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { WORKSPACE_TEXTS } from '../../../../shared/team-texts';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSwitchWorkspace } from '../../lib/workspace';

/**
 * The shell's way into a workspace (the sidebar's switch, the paused team's way back): switch, say so,
 * open the dashboard; a refusal is said and nothing moves.
 */
export function useSwitchTo(onSwitched?: () => void) {
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);

  async function switchTo(workspaceId: string) {
    setSwitching(true);
    try {
      notifySuccess((await switchWorkspace(workspaceId)) ?? WORKSPACE_TEXTS.switchedOwn);
      onSwitched?.();
      navigate('/dashboard');
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : WORKSPACE_TEXTS.switchFailed);
    } finally {
      setSwitching(false);
    }
  }

  return { switchTo, switching };
}
