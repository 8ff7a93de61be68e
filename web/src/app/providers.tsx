import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { get } from '../lib/api-client';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_LIMIT, NOTIFICATION_POSITION } from '../lib/notify';
import { SessionProvider } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals, so tests see the final DOM at once. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Notifications
        position={NOTIFICATION_POSITION}
        autoClose={NOTIFICATION_DURATION_MS}
        limit={NOTIFICATION_LIMIT}
      />
      {/*
        SWR keys are API paths relative to /api, fetched with the one API client. Each app instance has
        its own cache (one in the browser; one per rendered tree in tests, so no answer leaks between them).
      */}
      <SWRConfig value={{ fetcher: (path: string) => get(path), provider: () => new Map() }}>
        <SessionProvider>{children}</SessionProvider>
      </SWRConfig>
    </MantineProvider>
  );
}
