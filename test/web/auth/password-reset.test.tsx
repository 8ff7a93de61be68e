import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, makeUser } from '../support/fake-api';
import { renderAuthApp } from './render';

afterEach(() => {
  vi.useRealTimers();
});

describe('forgot password', () => {
  it('says a reset link was sent if an account with that address exists', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/forgot-password');

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(
      await screen.findByText('If an account with that email exists, a password reset link has been sent.'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/auth/forgot-password')[0]?.body).toEqual({ email: 'nobody@example.com' });
  });

  it('shows the email messages of the spec', async () => {
    installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/forgot-password');

    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody');
    expect(screen.queryByText('Email is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it("says 'Something went wrong. Please try again.' when the network fails", async () => {
    installFakeApi();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    renderAuthApp('/forgot-password');

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Something went wrong. Please try again.',
    );
  });

  it("shows the server's message when it refuses, and 'Failed to send reset email' when it gives none", async () => {
    const api = installFakeApi();
    api.on('POST', '/auth/forgot-password', {
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' },
    });
    const user = userEvent.setup();
    renderAuthApp('/forgot-password');

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Please wait a few minutes and try again.',
    );

    api.on('POST', '/auth/forgot-password', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Failed to send reset email'),
    );
  });
});

describe('reset password', () => {
  it("says 'Invalid reset token' without a token in the link", async () => {
    installFakeApi();
    renderAuthApp('/reset-password');

    expect(await screen.findByRole('heading', { name: 'Invalid reset token' })).toBeTruthy();
    expect(
      screen.getByText('Invalid or missing reset token. Please request a new password reset link.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it("says 'Password reset successful!', then after 3 s shows /login with a message", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    api.addAccount(makeUser());
    api.sendReset('ada@example.com', 'reset-token-1');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderAuthApp('/reset-password?token=reset-token-1');

    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'Brand1New');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'Brand1New');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Password reset successful!' })).toBeTruthy();
    expect(api.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({
      token: 'reset-token-1',
      password: 'Brand1New',
    });
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => {
      vi.advanceTimersByTime(100);
    });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(
      screen.getByText('Password reset successful! Please sign in with your new password.'),
    ).toBeTruthy();
  });

  it('shows the password rules and a mismatch before calling anything', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/reset-password?token=reset-token-1');

    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();

    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'ABC123');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'shortABC124');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/reset-password')).toHaveLength(0);
  });

  it("shows 'Passwords do not match' at once with the password's own message", async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/reset-password?token=reset-token-1');

    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'shirt');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(api.callsTo('POST', '/auth/reset-password')).toHaveLength(0);
  });

  it("shows the server's message for a used or expired link, with a way to ask for a new one", async () => {
    installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/reset-password?token=spent');

    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'Brand1New');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'Brand1New');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
  });

  it("says the token's own message when the link carries only blanks", async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderAuthApp('/reset-password?token=%20%20');

    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'Brand1New');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'Brand1New');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Invalid or missing reset token. Please request a new password reset link.',
    );
    expect(api.callsTo('POST', '/auth/reset-password')).toHaveLength(0);
  });
});
