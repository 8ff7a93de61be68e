import { type ComponentType, useCallback, useRef, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { TAB_LOAD_FAILED } from '../profile-texts';

export type ProfileTab = 'info' | 'security' | 'danger';
type LaterTab = Exclude<ProfileTab, 'info'>;

/**
 * The Security and Danger Zone tabs' code loads when the tab is first chosen (or pointed at), not with
 * the screen: the password fields and the delete dialog's machinery were a tenth of /profile's scripts
 * (issue 38 point 2). A tab becomes the active one once its code is in, so a panel never shows empty,
 * and only if it is still the last one chosen: a later choice made meanwhile wins.
 */
const loaders: Record<LaterTab, () => Promise<ComponentType>> = {
  security: () => import('../components/SecurityForm').then((module) => module.SecurityForm),
  danger: () => import('../components/DangerZone').then((module) => module.DangerZone),
};

const isLaterTab = (tab: string | null): tab is LaterTab => tab === 'security' || tab === 'danger';

export function useTabPanels() {
  const [active, setActive] = useState<ProfileTab>('info');
  const [panels, setPanels] = useState<Partial<Record<LaterTab, ComponentType>>>({});
  const [loading, setLoading] = useState<LaterTab | undefined>();
  const lastChosen = useRef<string | null>('info');

  /** Starts loading a tab's code ahead of the choice (the pointer over it, the keyboard on it). */
  const prefetch = useCallback((tab: string | null) => {
    if (isLaterTab(tab)) loaders[tab]().catch(() => undefined);
  }, []);

  const choose = useCallback(
    (tab: string | null) => {
      lastChosen.current = tab;
      if (tab === 'info' || (isLaterTab(tab) && panels[tab])) {
        setLoading(undefined);
        setActive(tab);
        return;
      }
      if (!isLaterTab(tab)) return;
      setLoading(tab);
      loaders[tab]().then(
        (panel) => {
          setPanels((loaded) => ({ ...loaded, [tab]: panel }));
          if (lastChosen.current !== tab) return;
          setLoading(undefined);
          setActive(tab);
        },
        () => {
          if (lastChosen.current === tab) setLoading(undefined);
          notifyError(TAB_LOAD_FAILED);
        },
      );
    },
    [panels],
  );

  return { active, panels, loading, choose, prefetch };
}
