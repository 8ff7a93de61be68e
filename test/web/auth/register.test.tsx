import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeUser } from '../support/fake-api';
import { renderAuthApp } from './render';

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function fillIn(user: UserEvent, values: Partial<Record<string, string>> = {}) {
  const all = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    username: 'grace_h',
    password: 'Cobol1959',
    confirmPassword: 'Cobol1959',
    ...values,
  };
  await screen.findByRole('heading', { name: 'Create your account' });
  if (all.firstName) await user.type(field(/^First name/), all.firstName);
  if (all.lastName) await user.type(field(/^Last name/), all.lastName);
  if (all.email) await user.type(field(/^Email/), all.email);
  if (all.username) await user.type(field(/^Username/), all.username);
  if (all.password) await user.type(field(/^Password/), all.password);
  if (all.confirmPassword) await user.type(field(/^Confirm password/), all.confirmPassword);
}

const acceptTerms = (user: UserEvent) => user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Create account' }));

describe('register', () => {
  it("creates the account and shows 'Check your email!' with a way back to sign in", async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user);
    await acceptTerms(user);
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST', '/auth/register')[0]?.body).toEqual({
      email: 'grace@example.com',
      username: 'grace_h',
      password: 'Cobol1959',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
  });

  it('leaves out the optional names when they are empty', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user, { firstName: '', lastName: '' });
    await acceptTerms(user);
    await submit(user);

    await screen.findByRole('heading', { name: 'Check your email!' });
    expect(api.callsTo('POST', '/auth/register')[0]?.body).toEqual({
      email: 'grace@example.com',
      username: 'grace_h',
      password: 'Cobol1959',
    });
  });

  it("resends the verification e-mail from the success panel and says 'Verification email sent! Please check your inbox.'", async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/register');
    await fillIn(user);
    await acceptTerms(user);
    await submit(user);

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText('Verification email sent! Please check your inbox.')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/resend-verification').map((call) => call.body)).toEqual([
      { email: 'grace@example.com' },
    ]);
  });

  it("says 'Failed to resend verification email. Please try again.' when the resend fails", async () => {
    const api = installFakeApi();
    api.on('POST', '/auth/resend-verification', {
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' },
    });
    const user = userEvent.setup();
    renderAuthApp('/register');
    await fillIn(user);
    await acceptTerms(user);
    await submit(user);

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText('Failed to resend verification email. Please try again.')).toBeTruthy();
  });

  it('shows the spec messages under their fields and clears each one as its field is edited', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user, {
      firstName: 'G'.repeat(51),
      email: 'grace@',
      username: 'gh',
      password: 'short',
      confirmPassword: 'short',
    });
    await submit(user);

    expect(await screen.findByText('First name must be 50 characters or less')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Username must be between 3 and 30 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Please accept the Terms of Service and Privacy Policy')).toBeTruthy();

    await user.type(field(/^Username/), '!');
    expect(screen.queryByText('Username must be between 3 and 30 characters')).toBeNull();
    await user.type(field(/^Password/), 'abc');
    expect(screen.queryByText('Password must be at least 8 characters long')).toBeNull();
    await acceptTerms(user);
    expect(screen.queryByText('Please accept the Terms of Service and Privacy Policy')).toBeNull();
    // The other fields keep theirs until edited.
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();

    await submit(user);
    expect(
      await screen.findByText('Username can only contain letters, numbers, hyphens, and underscores'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it('says under the name fields that a name cannot hold a web address, domain or e-mail, and sends nothing', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user, { firstName: 'Security team: verify at', lastName: 'https://evil.example/login' });
    await acceptTerms(user);
    await submit(user);

    expect(
      await screen.findByText('Last name cannot contain a web address, domain or email address'),
    ).toBeTruthy();
    expect(screen.queryByText('First name cannot contain a web address, domain or email address')).toBeNull();
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it("says 'Passwords do not match' when the confirmation differs, until it is edited", async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user, { confirmPassword: 'Cobol1960' });
    await acceptTerms(user);
    await submit(user);

    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.type(field(/^Confirm password/), '{Backspace}');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it("shows every field's message at once, 'Passwords do not match' included, while the password itself is invalid", async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user, { email: 'grace@', username: 'gh', password: 'short', confirmPassword: 'shirt' });
    await submit(user);

    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Username must be between 3 and 30 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Please accept the Terms of Service and Privacy Policy')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it('asks for the confirmation when it is left empty', async () => {
    installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user, { confirmPassword: '' });
    await acceptTerms(user);
    await submit(user);

    expect(await screen.findByText('Please confirm your password')).toBeTruthy();
  });

  it("shows 'Username is already taken' next to the username field", async () => {
    const api = installFakeApi();
    api.addAccount(makeUser({ username: 'grace_h', email: 'other@example.com' }));
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user);
    await acceptTerms(user);
    await submit(user);

    const username = field(/^Username/);
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const errorId = username
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId!)?.textContent).toBe('Username is already taken');
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
  });

  it("says 'Registration failed' when the server gives no message", async () => {
    const api = installFakeApi();
    api.on('POST', '/auth/register', { status: 500 });
    const user = userEvent.setup();
    renderAuthApp('/register');

    await fillIn(user);
    await acceptTerms(user);
    await submit(user);

    expect((await screen.findByRole('alert')).textContent).toContain('Registration failed');
  });

  it('links the terms and privacy pages from the required checkbox', async () => {
    installFakeApi();
    renderAuthApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });

    const label = screen
      .getByRole('checkbox', { name: /I accept the/ })
      .closest('div[class*="Checkbox-root"]');
    const links = within(label as HTMLElement);
    expect(links.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(links.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });
});
