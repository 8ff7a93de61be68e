import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../web/src/lib/session/token-store';
import { renderApp, withStandIn } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };

async function openProfile(api: FakeApi, overrides: Parameters<typeof makeUser>[0] = {}) {
  signInAs(api, makeUser(overrides));
  const user = userEvent.setup();
  const view = renderApp('/profile', withStandIn('/login'));
  await screen.findByRole('heading', { name: 'Profile Settings' }, LONG);
  return { user, ...view };
}

describe('profile header', () => {
  it('shows the initial, the name, the e-mail, the join date, verification and the plan', async () => {
    const api = installFakeApi();
    await openProfile(api, { plan: 'PRO' });

    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('A')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Joined March 14, 2025')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Pro Plan')).toBeTruthy();
  });

  it("falls back to the username and 'Joined Recently', and says 'Unverified'", async () => {
    const api = installFakeApi();
    await openProfile(api, {
      firstName: undefined,
      lastName: undefined,
      createdAt: '',
      emailVerified: false,
    });

    expect(screen.getByRole('heading', { name: 'ada' })).toBeTruthy();
    expect(screen.getByText('Joined Recently')).toBeTruthy();
    expect(screen.getByText('Unverified')).toBeTruthy();
  });

  it("shows the month's real usage as a percentage of the plan's monthly profile limit", async () => {
    const api = installFakeApi();
    api.on('GET', '/users/usage', () => ({
      status: 200,
      body: { data: { usage: { month: '2026-11', profilesUsed: 1200, limit: 1500 } } },
    }));
    await openProfile(api, { plan: 'PRO' });

    const usage = within(screen.getByRole('region', { name: 'Monthly Usage' }));
    expect(await usage.findByText('80%', {}, LONG)).toBeTruthy();
    expect(usage.getByText('1,200 of 1,500 profiles used this month')).toBeTruthy();
  });

  it('shows 0 used until the usage answers', async () => {
    const api = installFakeApi();
    await openProfile(api, { plan: 'PRO' });

    const usage = within(screen.getByRole('region', { name: 'Monthly Usage' }));
    expect(usage.getByText('0 of 1,500 profiles used this month')).toBeTruthy();
  });
});

describe('profile info', () => {
  it('shows the e-mail read-only with its help text', async () => {
    const api = installFakeApi();
    await openProfile(api);

    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.disabled).toBe(true);
    expect(screen.getByText('Email cannot be changed. Contact support if needed.')).toBeTruthy();
  });

  it("sends only firstName, lastName and username, then says 'Profile updated successfully'", async () => {
    const api = installFakeApi();
    api.on('PUT', '/users/profile', ({ body }) => ({
      status: 200,
      body: { data: { user: makeUser(body as object) } },
    }));
    const { user } = await openProfile(api);

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Augusta');
    await user.clear(screen.getByLabelText(/^Username/));
    await user.type(screen.getByLabelText(/^Username/), 'augusta_ada');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', '/users/profile').map((call) => call.body)).toEqual([
      { firstName: 'Augusta', lastName: 'Lovelace', username: 'augusta_ada' },
    ]);
    // The stored user is replaced by the answer.
    expect(screen.getByRole('heading', { name: 'Augusta Lovelace' })).toBeTruthy();
  });

  it('shows a taken username next to the field and the server message', async () => {
    const api = installFakeApi();
    api.on('PUT', '/users/profile', {
      status: 409,
      body: {
        code: 'CONFLICT',
        message: 'Username is already taken',
        issues: [{ path: 'username', message: 'Username is already taken' }],
      },
    });
    const { user } = await openProfile(api);

    await user.clear(screen.getByLabelText(/^Username/));
    await user.type(screen.getByLabelText(/^Username/), 'grace');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.getAllByText('Username is already taken')).toHaveLength(2));
    expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true');
  });

  it("says 'Something went wrong' when the network fails", async () => {
    const api = installFakeApi();
    api.on('PUT', '/users/profile', () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = await openProfile(api);

    await user.type(screen.getByLabelText('Last name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Something went wrong')).toBeTruthy();
  });
});

describe('security', () => {
  it("says 'New passwords do not match' and calls nothing when the confirmation differs", async () => {
    const api = installFakeApi();
    const { user } = await openProfile(api);
    await user.click(screen.getByRole('tab', { name: 'Security' }));

    await user.type(await screen.findByLabelText(/^Current password/), 'OldPassw0rd');
    await user.type(screen.getByLabelText(/^New password/), 'NewPassw0rd');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'OtherPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('New passwords do not match')).toBeTruthy();
    expect(api.callsTo('POST', '/users/change-password')).toHaveLength(0);
  });

  it("shows every password message at once, 'New passwords do not match' included, while the new password is invalid", async () => {
    const api = installFakeApi();
    const { user } = await openProfile(api);
    await user.click(screen.getByRole('tab', { name: 'Security' }));

    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'shirt');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('New passwords do not match')).toBeTruthy();
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(api.callsTo('POST', '/users/change-password')).toHaveLength(0);
  });

  it('shows and hides a password with its toggle', async () => {
    const api = installFakeApi();
    const { user } = await openProfile(api);
    await user.click(screen.getByRole('tab', { name: 'Security' }));

    const field = await screen.findByLabelText(/^Current password/);
    expect(field.getAttribute('type')).toBe('password');
    const [toggle] = screen.getAllByRole('button', { name: 'Show password' });
    await user.click(toggle!);
    expect(field.getAttribute('type')).toBe('text');
  });

  it('sends the current and new password and shows the outcome; a wrong current one shows at its field', async () => {
    const api = installFakeApi();
    let answer = {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Current password is incorrect',
        issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      },
    };
    api.on('POST', '/users/change-password', () => answer);
    const { user } = await openProfile(api);
    await user.click(screen.getByRole('tab', { name: 'Security' }));

    await user.type(await screen.findByLabelText(/^Current password/), 'WrongPassw0rd');
    await user.type(screen.getByLabelText(/^New password/), 'NewPassw0rd');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(screen.getAllByText('Current password is incorrect')).toHaveLength(2));
    expect(api.callsTo('POST', '/users/change-password')[0]?.body).toEqual({
      currentPassword: 'WrongPassw0rd',
      newPassword: 'NewPassw0rd',
    });

    answer = { status: 200, body: { message: 'Password changed successfully' } } as typeof answer;
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
  });
});

describe('danger zone', () => {
  async function startDeletion(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('tab', { name: 'Danger Zone' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('Are you sure you want to delete your account? This action cannot be undone.'),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    return dialog;
  }

  it('cancels without calling the API when the password is left empty', async () => {
    const api = installFakeApi();
    const { user } = await openProfile(api);

    const dialog = await startDeletion(user);
    await user.click(dialog.getByRole('button', { name: 'Delete My Account' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', '/users/account')).toHaveLength(0);
  });

  it('shows a wrong password at the field and keeps the account', async () => {
    const api = installFakeApi();
    api.on('DELETE', '/users/account', {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Password is incorrect',
        issues: [{ path: 'password', message: 'Password is incorrect' }],
      },
    });
    const { user, router } = await openProfile(api);

    const dialog = await startDeletion(user);
    await user.type(dialog.getByLabelText('Password'), 'nope');
    await user.click(dialog.getByRole('button', { name: 'Delete My Account' }));

    await waitFor(() => expect(screen.getAllByText('Password is incorrect')).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it("deletes with the password, signs out and goes to /login with 'Account deleted successfully'", async () => {
    const api = installFakeApi();
    api.on('DELETE', '/users/account', { status: 200, body: { message: 'Account deleted successfully' } });
    const { user, router } = await openProfile(api);

    const dialog = await startDeletion(user);
    await user.type(dialog.getByLabelText('Password'), 'Secret123');
    await user.click(dialog.getByRole('button', { name: 'Delete My Account' }));

    // The page's guard may reach /login first; the message arrives with the page's own navigation.
    await waitFor(() =>
      expect(router.state.location.state).toEqual({ message: 'Account deleted successfully' }),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo('DELETE', '/users/account')[0]?.body).toEqual({ password: 'Secret123' });
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
