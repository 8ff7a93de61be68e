import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Tooltips need the floating-ui positioning engine (about 20 KB compressed). Only a wide screen shows
// them (the collapse button, the icon-only sidebar), so a phone never loads it (issue 10 point 7).
const Tooltip = lazy(() => import('./tooltip-chunk'));

/**
 * Mantine's Tooltip, loaded on first use. Until it is in, the child shows without its tooltip; the
 * one-second startup splash covers that moment on a page load.
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
