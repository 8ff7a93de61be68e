import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../lib/session/navigation';
import { subscribeSession } from '../../lib/session/session-client';
import { useSwitchWorkspace } from '../../lib/workspace';

/**
 * A teammate the owner removed (DECISIONS 34) is refused in that workspace with why ('You were removed
 * from Olga Owner's workspace.'), and their own workspace stays open: this says why once, moves the
 * session back to their own workspace (every cached answer is asked again) and opens its dashboard,
 * still signed in. The calls refused meanwhile all say the same, so one move serves them all. The why
 * stays on screen until the person dismisses it (a 4-second notice is easily missed, and it explains
 * why the screen changed): answered with its dismissal, for the shell to show.
 */
export function useLeaveRemovedWorkspace(ownWorkspaceId: string | undefined): {
  notice: string | undefined;
  dismiss: () => void;
} {
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string>();
  useEffect(() => {
    if (!ownWorkspaceId) return;
    let leaving = false;
    return subscribeSession((event) => {
      if (event.type !== 'removed' || leaving) return;
      leaving = true;
      setNotice(event.message);
      switchWorkspace(ownWorkspaceId)
        .then(() => navigate(HOME_PATH))
        // Not moved (no network): the next refused call tries again.
        .catch(() => undefined)
        .finally(() => {
          leaving = false;
        });
    });
  }, [ownWorkspaceId, switchWorkspace, navigate]);
  return { notice, dismiss: () => setNotice(undefined) };
}
