import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../web/src/app/providers';
import { buildRoutes } from '../../web/src/app/router';
import { type AppRoute, appRoutes } from '../../web/src/app/routes';

// Per-test resets (the notification store, storage, stubbed globals) are in test/web/setup.ts.
/** The app as a browser at `path` sees it, with the real route table unless one is given. */
export function renderApp(path: string, table: readonly AppRoute[] = appRoutes) {
  const router = createMemoryRouter(buildRoutes(table), { initialEntries: [path] });
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

export function renderWithProviders(ui: ReactElement) {
  return render(<AppProviders env="test">{ui}</AppProviders>);
}

function StandInScreen() {
  return <h1>Stand-in screen</h1>;
}

/** The route table with a stand-in screen at `path`, for a screen that a later issue builds. */
export function withStandIn(path: string): AppRoute[] {
  return appRoutes.map((row) =>
    row.path === path ? { ...row, page: async () => ({ default: StandInScreen }) } : row,
  );
}
