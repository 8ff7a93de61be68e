import { lazy, type ReactElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
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
import { LazyAppShellLayout } from './shell/LazyAppShellLayout';

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

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
