import { type ComponentType, useCallback, useState } from 'react';
import { notifyError } from '../../../lib/notify';

export type ProfileTab = 'info' | 'security' | 'danger';
type LaterTab = Exclude<ProfileTab, 'info'>;

/**
 * The Security and Danger Zone tabs' code loads when the tab is first chosen (or pointed at), not with
 * the screen: the password fields and the delete dialog's machinery were a tenth of /profile's scripts
 * (issue 38 point 2). A tab becomes the active one once its code is in, so a panel never shows empty.
 */
const loaders: Record<LaterTab, () => Promise<ComponentType>> = {
  security: () => import('../components/SecurityForm').then((module) => module.SecurityForm),
  danger: () => import('../components/DangerZone').then((module) => module.DangerZone),
};

export const TAB_LOAD_FAILED = 'This tab could not be opened. Please try again.';

export function useTabPanels() {
  const [active, setActive] = useState<ProfileTab>('info');
  const [panels, setPanels] = useState<Partial<Record<LaterTab, ComponentType>>>({});

  /** Starts loading a tab's code ahead of the choice (the pointer over it, the keyboard on it). */
  const prepare = useCallback((tab: string | null) => {
    if (tab === 'security' || tab === 'danger') loaders[tab]().catch(() => undefined);
  }, []);

  const choose = useCallback(
    (tab: string | null) => {
      if (tab === 'info') {
        setActive('info');
        return;
      }
      if (tab !== 'security' && tab !== 'danger') return;
      if (panels[tab]) {
        setActive(tab);
        return;
      }
      loaders[tab]().then(
        (panel) => {
          setPanels((loaded) => ({ ...loaded, [tab]: panel }));
          setActive(tab);
        },
        () => notifyError(TAB_LOAD_FAILED),
      );
    },
    [panels],
  );

  return { active, panels, choose, prepare };
}
