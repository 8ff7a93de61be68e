import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import { get } from '../lib/api-client';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_LIMIT, NOTIFICATION_POSITION } from '../lib/notify';
import { SessionProvider } from '../lib/session';
import { receivePrefetchedAnswers } from '../lib/swr-answers';
import { cssVariablesResolver, theme } from './theme';

// The notification area's code (its container and transitions) loads with the first notification, not
// with every page (issue 10 point 7); the notification waits in the store meanwhile and appears with it.
const Notifications = lazy(() => import('./notifications-chunk'));

function NotificationArea() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position={NOTIFICATION_POSITION}
        autoClose={NOTIFICATION_DURATION_MS}
        limit={NOTIFICATION_LIMIT}
      />
    </Suspense>
  );
}

/**
 * Puts the answers of a page's prefetch (lib/prefetch.ts) in the cache, so the page renders with them.
 * An answer the cache already has (the page read its own meanwhile) is left as it is.
 */
function PrefetchedAnswers() {
  const { mutate } = useSWRConfig();
  useEffect(
    () =>
      receivePrefetchedAnswers(
        (key, data) => void mutate(key, (cached: unknown) => cached ?? data, { revalidate: false }),
      ),
    [mutate],
  );
  return null;
}

interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals, so tests see the final DOM at once. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <NotificationArea />
      {/*
        SWR keys are API paths relative to /api, fetched with the one API client. Each app instance has
        its own cache (one in the browser; one per rendered tree in tests, so no answer leaks between them).
      */}
      <SWRConfig value={{ fetcher: (path: string) => get(path), provider: () => new Map() }}>
        <PrefetchedAnswers />
        <SessionProvider>{children}</SessionProvider>
      </SWRConfig>
    </MantineProvider>
  );
}
