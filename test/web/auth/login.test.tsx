import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readTokens, TOKEN_STORAGE_KEY } from '../../../web/src/lib/session/token-store';
import { installFakeApi, makeUser, PASSWORD } from '../support/fake-api';
import { renderAuthApp, standIn } from './render';

const emailField = () => screen.findByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText(/^Password/, { selector: 'input' });

async function signIn(email: string, password: string, { remember = false } = {}) {
  const user = userEvent.setup();
  await user.type(await emailField(), email);
  await user.type(passwordField(), password);
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login', () => {
  it('goes back to the page the user came from, query included, after signing in', async () => {
    const api = installFakeApi();
    api.addAccount();
    const { router } = renderAuthApp('/profile?tab=security');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn('ada@example.com', PASSWORD);

    expect(await standIn('/profile')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=security');
    expect(api.callsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: PASSWORD,
      rememberMe: false,
    });
  });

  it("says 'Authentication required' when a guard sent a visitor from the automation lists", async () => {
    installFakeApi();
    const { router } = renderAuthApp('/automations/active');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The page's loading status ('Loading') gives way to the login page's.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Authentication required'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Authentication required' for any page that needs sign-in", async () => {
    installFakeApi();
    renderAuthApp('/profile');

    expect(await screen.findByText('Authentication required')).toBeTruthy();
  });

  it("says no 'Authentication required' on /login opened directly", async () => {
    installFakeApi();
    renderAuthApp('/login');

    await emailField();
    expect(screen.queryByText('Authentication required')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('goes to /dashboard when nothing sent the user to sign in', async () => {
    const api = installFakeApi();
    api.addAccount();
    const { router } = renderAuthApp('/login');

    await signIn('ADA@example.com ', PASSWORD);

    expect(await standIn('/dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("says 'Invalid email or password' for a wrong password and stays signed out", async () => {
    const api = installFakeApi();
    api.addAccount();
    const { router } = renderAuthApp('/login');

    await signIn('ada@example.com', 'Wrong1234');

    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(readTokens()).toBeUndefined();
  });

  it("says 'Login failed' when the answer carries no server message", async () => {
    const api = installFakeApi();
    api.on('POST', '/auth/login', { status: 502, body: '<html>Bad gateway</html>' });
    renderAuthApp('/login');

    await signIn('ada@example.com', PASSWORD);

    expect((await screen.findByRole('alert')).textContent).toContain('Login failed');
  });

  it('shows the spec messages under their fields and clears each one as its field is edited', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(await emailField(), 'ada');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('keeps the tokens in session storage without remember me', async () => {
    const api = installFakeApi();
    api.addAccount();
    renderAuthApp('/login');

    await signIn('ada@example.com', PASSWORD);
    await standIn('/dashboard');

    expect(JSON.parse(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)!)).toMatchObject({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the tokens in local storage with remember me, and tells the server', async () => {
    const api = installFakeApi();
    api.addAccount();
    renderAuthApp('/login');

    await signIn('ada@example.com', PASSWORD, { remember: true });
    await standIn('/dashboard');

    expect(JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY)!)).toMatchObject({
      refreshToken: 'refresh-1',
    });
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(api.callsTo('POST', '/auth/login')[0]?.body).toMatchObject({ rememberMe: true });
  });

  it('sends a signed-in user who opens /login to /dashboard', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());
    const { router } = renderAuthApp('/login');

    expect(await standIn('/dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('disables the button and shows it loading while signing in', async () => {
    const api = installFakeApi();
    api.addAccount();
    const release = api.hold('POST', '/auth/login');
    renderAuthApp('/login');

    await signIn('ada@example.com', PASSWORD);

    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('data-loading')).toBe('true');
    release();
    expect(await standIn('/dashboard')).toBeTruthy();
  });

  it('offers a show-password toggle that keyboard users can reach', async () => {
    installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/login');
    await emailField();

    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('tabindex')).not.toBe('-1');
    await user.click(toggle);

    expect(passwordField().getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('links to the forgot-password and register screens', async () => {
    installFakeApi();
    renderAuthApp('/login');
    await emailField();

    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/register');
  });
});
