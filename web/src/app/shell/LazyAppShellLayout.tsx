import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The app shell (sidebar, phone menu, drawer) loads with the first signed-in page, not on /login
// (issue 10 point 7: the sign-in page loads only what it shows).
export const loadAppShell = () => import('./AppShellLayout');
const AppShellLayout = lazy(() => loadAppShell().then((m) => ({ default: m.AppShellLayout })));

export function LazyAppShellLayout() {
  return (
    <Suspense
      fallback={
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      <AppShellLayout />
    </Suspense>
  );
}
