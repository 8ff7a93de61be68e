import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeUser, PASSWORD } from '../support/fake-api';
import { renderAuthApp, standIn } from './render';

describe('access rules of spec 2.1', () => {
  it('sends a visitor on a protected page to /login and back to it after signing in', async () => {
    const api = installFakeApi();
    api.addAccount();
    const user = userEvent.setup();
    const { router } = renderAuthApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/profile' });

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await standIn('/profile')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('sends a visitor on a page that needs verification to /login as well', async () => {
    installFakeApi();
    const { router } = renderAuthApp('/platforms');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/platforms' });
  });

  it('sends an unverified user on a page that needs verification to /verify-email', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser({ emailVerified: false }));
    const { router } = renderAuthApp('/platforms');

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('lets an unverified user onto a page that needs sign-in only', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser({ emailVerified: false }));

    renderAuthApp('/profile');

    expect(await standIn('/profile')).toBeTruthy();
  });

  it('lets a verified user onto a page that needs verification', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());

    renderAuthApp('/platforms');

    expect(await standIn('/platforms')).toBeTruthy();
  });

  it.each(['/login', '/register', '/forgot-password', '/reset-password?token=abc'])(
    'sends a signed-in user who opens %s to /dashboard',
    async (path) => {
      const api = installFakeApi();
      api.restoreSession(makeUser());
      const { router } = renderAuthApp(path);

      expect(await standIn('/dashboard')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('sends an unknown path to /dashboard, and a visitor from there to /login', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const signedIn = renderAuthApp('/no-such-page');
    expect(await standIn('/dashboard')).toBeTruthy();
    expect(signedIn.router.state.location.pathname).toBe('/dashboard');
    signedIn.unmount();
    window.localStorage.clear();

    const visitor = renderAuthApp('/no-such-page');
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
  });
});
