import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, makeUser } from '../support/fake-api';
import { renderAuthApp, standIn } from './render';

afterEach(() => {
  vi.useRealTimers();
});

describe('verify email with a token', () => {
  it('verifies at once, says so, refreshes the user and goes to /dashboard after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const ada = makeUser({ emailVerified: false });
    api.restoreSession(ada);
    api.sendVerification(ada.email, 'verify-1');
    const { router } = renderAuthApp('/verify-email?token=verify-1');

    expect(await screen.findByText('Email verified successfully!')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/verify-email').map((call) => call.body)).toEqual([
      { token: 'verify-1' },
    ]);
    // The session learns that the address is verified.
    await waitFor(() => expect(api.callsTo('GET', '/auth/me')).toHaveLength(2));

    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(router.state.location.pathname).toBe('/verify-email');
    act(() => {
      vi.advanceTimersByTime(100);
    });

    expect(await standIn('/dashboard')).toBeTruthy();
    // A screen that needs verification now opens.
    await act(() => router.navigate('/platforms'));
    expect(await standIn('/platforms')).toBeTruthy();
  });

  it('shows the verifying state while the call is under way', async () => {
    const api = installFakeApi();
    api.sendVerification('ada@example.com', 'verify-1');
    api.addAccount(makeUser({ emailVerified: false }));
    const release = api.hold('POST', '/auth/verify-email');
    renderAuthApp('/verify-email?token=verify-1');

    expect(await screen.findByRole('heading', { name: 'Verifying your email' })).toBeTruthy();
    release();
    expect(await screen.findByText('Email verified successfully!')).toBeTruthy();
  });

  it("shows the server's message with a resend form and a way to the dashboard for a visitor", async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/verify-email?token=spent');

    expect(
      await screen.findByText('This verification link is invalid or has expired. Please request a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/dashboard');

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText('Verification email sent! Please check your inbox.')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/resend-verification')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("resends to the signed-in user's address without asking for it", async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser({ emailVerified: false }));
    const user = userEvent.setup();
    renderAuthApp('/verify-email?token=spent');

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText('Verification email sent! Please check your inbox.')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/resend-verification')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it("says 'Something went wrong. Please try again.' when the network fails", async () => {
    installFakeApi();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderAuthApp('/verify-email?token=verify-1');

    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });

  it("says 'Failed to verify email' when the server gives no message", async () => {
    const api = installFakeApi();
    api.on('POST', '/auth/verify-email', { status: 502 });
    renderAuthApp('/verify-email?token=verify-1');

    expect(await screen.findByText('Failed to verify email')).toBeTruthy();
  });
});

describe('verify email without a token', () => {
  it("asks a signed-in unverified user to 'Verify your email' and resends on request", async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser({ emailVerified: false }));
    const user = userEvent.setup();
    renderAuthApp('/verify-email');

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText('Verification email sent! Please check your inbox.')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/resend-verification')).toHaveLength(1);
  });

  it('sends a verified user to /dashboard', async () => {
    const api = installFakeApi();
    api.restoreSession(makeUser());

    const { router } = renderAuthApp('/verify-email');

    expect(await standIn('/dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a visitor to /dashboard, and from there to /login', async () => {
    installFakeApi();

    const { router } = renderAuthApp('/verify-email');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });
});
