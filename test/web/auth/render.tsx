import { Button, Text } from '@mantine/core';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type AppRoute, appRoutes } from '../../../web/src/app/routes';
import { get } from '../../../web/src/lib/api-client';
import { useSession } from '../../../web/src/lib/session';
import { renderApp } from '../render-app';

/**
 * A screen another feature owns, reduced to what these tests look at: its path, and a button that
 * makes a signed-in API call (`GET /jobs`) and shows how it ended, and a sign-out button.
 */
function StandIn() {
  const location = useLocation();
  const { signOut } = useSession();
  const [outcome, setOutcome] = useState<string>();
  return (
    <>
      <h1>Stand-in {location.pathname}</h1>
      <Button
        onClick={() =>
          get('/jobs').then(
            () => setOutcome('Jobs loaded'),
            (error: Error) => setOutcome(`Jobs failed: ${error.message}`),
          )
        }
      >
        Load jobs
      </Button>
      <Button variant="default" onClick={() => void signOut()}>
        Sign out
      </Button>
      {outcome !== undefined && <Text>{outcome}</Text>}
    </>
  );
}

/** The signed-in screens these tests visit, as stand-ins whatever their features have built. */
export const STAND_IN_PATHS = ['/dashboard', '/profile', '/platforms'] as const;

export function withStandIns(paths: readonly string[] = STAND_IN_PATHS): AppRoute[] {
  return appRoutes.map((row) =>
    paths.includes(row.path) ? { ...row, page: async () => ({ default: StandIn }) } : row,
  );
}

/** The app at `path` with the account screens real and the signed-in screens stand-ins. */
export function renderAuthApp(path: string) {
  return renderApp(path, withStandIns());
}

export const standIn = (path: string) => screen.findByRole('heading', { name: `Stand-in ${path}` });
