import { useLocalStorage } from '@mantine/hooks';

export const SIDEBAR_COLLAPSED_KEY = 'trobly:sidebar-collapsed';

/** Whether the wide-screen sidebar shows icons only; the choice is remembered in this browser. */
export function useSidebarCollapsed() {
  return useLocalStorage<boolean>({
    key: SIDEBAR_COLLAPSED_KEY,
    defaultValue: false,
    // Read at once, so a collapsed sidebar does not first render wide and then jump.
    getInitialValueInEffect: false,
  });
}
