import { lazy, Suspense } from 'react';
import { PageFallback } from '../PageFallback';
import { loadTooltip, WIDE_QUERY } from './LazyTooltip';

// The app shell (sidebar, phone menu, drawer) loads with the first signed-in page, not on /login
// (issue 10 point 7: the sign-in page loads only what it shows). On a wide screen its tooltips come with
// it: arriving later, they would take the focus off a sidebar link a keyboard user had reached.
export const loadAppShell = () =>
  Promise.all([
    import('./AppShellLayout'),
    // A tooltip chunk that fails to load leaves the shell without tooltips, not without a shell.
    window.matchMedia(WIDE_QUERY).matches ? loadTooltip().catch(() => undefined) : undefined,
  ]).then(([shell]) => shell);
const AppShellLayout = lazy(() => loadAppShell().then((m) => ({ default: m.AppShellLayout })));

export function LazyAppShellLayout() {
  return (
    <Suspense fallback={<PageFallback fullHeight />}>
      <AppShellLayout />
    </Suspense>
  );
}
