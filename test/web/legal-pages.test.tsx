import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';
import { installFakeApi, makeUser, signInAs } from './support/fake-api';

const LONG = { timeout: 5000 };

describe('/terms and /privacy', () => {
  it.each([
    ['/terms', 'Terms of Service', /self-hosted software/],
    ['/privacy', 'Privacy Policy', /No card numbers/],
  ])('serves %s to a visitor, signed out, instead of sending them to sign in', async (path, title, text) => {
    installFakeApi();
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: title, level: 1 }, LONG)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('link', { name: 'Back to sign-up' }).getAttribute('href')).toBe('/register');
  });

  it('opens from the register form links', async () => {
    installFakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' }, LONG);

    // The form opens them in a new tab; the same address serves the page.
    const href = screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')!;
    await router.navigate(href);
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 }, LONG)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to sign-up' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' }, LONG)).toBeTruthy();
  });

  it('stays readable for a signed-in user, inside the app shell', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    renderApp('/terms');

    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 }, LONG)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
