import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AccessGuard, canServe } from './guards';
import { PublicLayout } from './PublicLayout';
import { type AppRoute, appRoutes, servedRoutes, unknownPathTarget } from './routes';

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
  return [
    {
      // Only visitor-level screens are served so far; the signed-in app layout comes with sign-in.
      element: <PublicLayout />,
      children: [
        ...served.map(toRouteObject),
        { path: '*', element: <Navigate to={unknownPathTarget(served)} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
