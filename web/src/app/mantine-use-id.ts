import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` in the app's build (web/vite.config.ts): the id Mantine itself draws first, from
 * React's own `useId`, and kept. Mantine swaps it for a random one in a layout effect after mount, which
 * drew every input, tab list and chip again in one synchronous render per component, with its labels'
 * and descriptions' ids rewritten, on every page's first render (issue 38 point 2). React's ids are
 * unique within the app's one root, which is all the swap guarded against.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
