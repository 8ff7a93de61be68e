import { lazy, type ReactElement } from 'react';
import { BrowserRouter, matchPath, Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { readTokens } from '../lib/session/token-store';
import { prefetchWorkspaces } from '../lib/workspace';
import { AccessGuard, canServe } from './guards';
import { PublicLayout } from './PublicLayout';
import {
  type AppRoute,
  appRoutes,
  layoutOf,
  type RouteLayout,
  servedRoutes,
  unknownPathTarget,
} from './routes';
import { AdaptiveLayout } from './shell/AdaptiveLayout';
import { LazyAppShellLayout, loadAppShell } from './shell/LazyAppShellLayout';

const layouts: Record<RouteLayout, ReactElement> = {
  public: <PublicLayout />,
  app: <LazyAppShellLayout />,
  adaptive: <AdaptiveLayout />,
};

function toRouteObject(row: AppRoute): RouteObject {
  if (row.redirectTo !== undefined) {
    return {
      path: row.path,
      element: (
        <AccessGuard access={row.access}>
          <Navigate to={row.redirectTo} replace />
        </AccessGuard>
      ),
    };
  }
  if (!row.page) throw new Error(`Route ${row.path} has neither a page nor a redirect`);
  const Page = lazy(row.page);
  return {
    path: row.path,
    element: (
      <AccessGuard access={row.access}>
        <Page />
      </AccessGuard>
    ),
  };
}

/** The router's routes, built from the route table; exported so tests can mount them in memory. */
export function buildRoutes(table: readonly AppRoute[] = appRoutes): RouteObject[] {
  const served = servedRoutes(table, canServe);
  const unknownPath: RouteObject = {
    path: '*',
    element: <Navigate to={unknownPathTarget(served)} replace />,
  };
  // One pathless layout route per frame; each row sits in the frame of its layout (routes.ts layoutOf).
  return (Object.keys(layouts) as RouteLayout[]).map((layout) => ({
    element: layouts[layout],
    children: [
      ...served.filter((row) => layoutOf(row) === layout).map(toRouteObject),
      ...(layout === 'public' ? [unknownPath] : []),
    ],
  }));
}

/**
 * Starts loading the code of the page at `pathname` (and of the app shell around it) at once, while
 * the stored session is still being restored, instead of after its guard lets it render: one network
 * round trip fewer before the first screen (issue 10 point 7). The router's lazy pages then find the
 * modules loaded, and the first API calls of the shell (its workspaces) and of the page (the row's
 * prefetch) are under way. A failure here
 * is left to the router and the page, which load them again.
 */
export function preloadPage(pathname: string, table: readonly AppRoute[] = appRoutes): void {
  const row = servedRoutes(table, canServe).find(
    (candidate) => candidate.page && matchPath(candidate.path, pathname),
  );
  if (!row?.page) return;
  row.page().catch(() => undefined);
  // The API calls only with a stored session: without one the page's guard sends the visitor to /login.
  const signedIn = Boolean(readTokens());
  if (layoutOf(row) === 'app') {
    loadAppShell().catch(() => undefined);
    if (signedIn) prefetchWorkspaces().catch(() => undefined);
  }
  if (row.prefetch && signedIn) row.prefetch().catch(() => undefined);
}

const routes = buildRoutes();

/**
 * The app's routes in the browser: declarative routing (BrowserRouter and useRoutes) over the same
 * route objects the tests mount in a memory router. The app uses no data-router feature (loaders,
 * actions, blockers), and without createBrowserRouter the router's data layer is left out of the shell
 * every page loads first (issue 38 point 2).
 */
function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
