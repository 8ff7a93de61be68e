import { lazy, Suspense } from 'react';
import { PageFallback } from '../PageFallback';

// The app shell (sidebar, phone menu, drawer) loads with the first signed-in page, not on /login
// (issue 10 point 7: the sign-in page loads only what it shows).
export const loadAppShell = () => import('./AppShellLayout');
const AppShellLayout = lazy(() => loadAppShell().then((m) => ({ default: m.AppShellLayout })));

export function LazyAppShellLayout() {
  return (
    <Suspense fallback={<PageFallback fullHeight />}>
      <AppShellLayout />
    </Suspense>
  );
}
