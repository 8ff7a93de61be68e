import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Tooltips need the floating-ui positioning engine (about 20 KB compressed). Only a wide screen shows
// them (the collapse button, the icon-only sidebar), so a phone never loads it (issue 10 point 7).
export const loadTooltip = () => import('./tooltip-chunk');
const Tooltip = lazy(loadTooltip);

/** Where the sidebar stops being a slide-over and tooltips name its icons (Mantine's `sm`, 48em). */
export const WIDE_QUERY = '(min-width: 48em)';

/**
 * Mantine's Tooltip, loaded on first use. Until it is in, the child shows without its tooltip, and its
 * arrival mounts the child anew, which would drop a keyboard focus already on it: a wide screen's shell
 * therefore loads it with itself (LazyAppShellLayout.tsx), so it is in before anything can take focus.
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
