import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError } from '../../lib/notify';
import { HOME_PATH } from '../../lib/session/navigation';
import { subscribeSession } from '../../lib/session/session-client';
import { useSwitchWorkspace } from '../../lib/workspace';

/**
 * A teammate the owner removed (DECISIONS 34) is refused in that workspace with why ('You were removed
 * from Olga Owner's workspace.'), and their own workspace stays open: this says why once, moves the
 * session back to their own workspace (every cached answer is asked again) and opens its dashboard,
 * still signed in. The calls refused meanwhile all say the same, so one move serves them all.
 */
export function useLeaveRemovedWorkspace(ownWorkspaceId: string | undefined): void {
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  useEffect(() => {
    if (!ownWorkspaceId) return;
    let leaving = false;
    return subscribeSession((event) => {
      if (event.type !== 'removed' || leaving) return;
      leaving = true;
      notifyError(event.message);
      switchWorkspace(ownWorkspaceId)
        .then(() => navigate(HOME_PATH))
        // Not moved (no network): the next refused call tries again.
        .catch(() => undefined)
        .finally(() => {
          leaving = false;
        });
    });
  }, [ownWorkspaceId, switchWorkspace, navigate]);
}
