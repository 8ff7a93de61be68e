import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AppRoute, servedRoutes, unknownPathTarget } from '../../web/src/app/routes';
import { renderApp } from './render-app';

const Screen = () => null;
const page = async () => ({ default: Screen });

describe('unknown paths', () => {
  it('sends a visitor on an unknown path to /dashboard, and from there to sign in', async () => {
    const { router } = renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });

  it.each([
    '/flows/flow-1/analytics',
    '/flows/flow-1/activities',
    '/flows/flow-1/prospects',
    '/flows/flow-1/prospects/p-1',
  ])('serves %s (issue 21): a visitor signs in and comes back to it', async (path) => {
    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: path });
  });

  it('prefers the dashboard once it is served', () => {
    const table: AppRoute[] = [
      { path: '/pricing', access: 'public', page },
      { path: '/dashboard', access: 'protected', page },
    ];

    expect(unknownPathTarget(servedRoutes(table, () => true))).toBe('/dashboard');
  });

  it('skips screens whose path needs parameters', () => {
    const table: AppRoute[] = [
      { path: '/trobs/:trobId', access: 'public', page },
      { path: '/pricing', access: 'public', page },
    ];

    expect(unknownPathTarget(servedRoutes(table, () => true))).toBe('/pricing');
  });
});

describe('served routes', () => {
  it('serves a redirect row only when its target screen is served', () => {
    const table: AppRoute[] = [
      { path: '/', access: 'protected', redirectTo: '/dashboard' },
      { path: '/automations', access: 'verified', redirectTo: '/automations/active' },
      { path: '/dashboard', access: 'protected', page },
    ];

    expect(servedRoutes(table, () => true).map((row) => row.path)).toEqual(['/', '/dashboard']);
  });

  it('leaves out screens whose access level cannot be applied yet', () => {
    const table: AppRoute[] = [
      { path: '/pricing', access: 'public', page },
      { path: '/dashboard', access: 'protected', page },
    ];

    const served = servedRoutes(table, (access) => access === 'public');
    expect(served.map((row) => row.path)).toEqual(['/pricing']);
  });
});
