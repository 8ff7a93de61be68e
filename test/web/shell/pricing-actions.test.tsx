import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../web/src/features/pricing/api/billing';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('pricing page for a signed-in user', () => {
  it('starts the trial, says so, and goes to /dashboard 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    signInAs(api, makeUser());
    const trialUser = makeUser({ plan: 'TRIAL', trialEndsAt: '2030-01-15T12:00:00.000Z' });
    api.on('POST', '/billing/start-trial', {
      status: 200,
      body: { message: 'Trial started', data: { user: trialUser } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp('/pricing');

    await user.click(await screen.findByRole('button', { name: 'Start Free Trial' }, LONG));

    expect(await screen.findByText('Trial started successfully! Redirecting to dashboard...')).toBeTruthy();
    expect(api.callsTo('POST', '/billing/start-trial')).toHaveLength(1);
    // The session now holds the trial user: the trial card is the current plan.
    expect(screen.getByRole('button', { name: 'Current Plan' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pricing');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(router.state.location.pathname).toBe('/pricing');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows the server's reason when the trial cannot start", async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    api.on('POST', '/billing/start-trial', {
      status: 409,
      body: { code: 'CONFLICT', message: 'You have already used your free trial.' },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/pricing');

    await user.click(await screen.findByRole('button', { name: 'Start Free Trial' }, LONG));

    expect(await screen.findByText('You have already used your free trial.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it.each([
    ['TRIAL', 'Free Trial'],
    ['PRO', 'Pro'],
    ['PLUS', 'Plus'],
  ] as const)('disables the button of the current plan of a %s user', async (plan, card) => {
    const api = installFakeApi();
    signInAs(api, makeUser({ plan, trialEndsAt: plan === 'TRIAL' ? '2030-01-15T12:00:00.000Z' : null }));
    renderApp('/pricing');

    const article = await screen.findByRole('article', { name: card }, LONG);
    const current = await screen.findByRole('button', { name: 'Current Plan' }, LONG);
    expect(article.contains(current)).toBe(true);
    expect(current.hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Current Plan' })).toHaveLength(1);
  });

  it('creates a checkout session for Pro and sends the browser to its URL', async () => {
    expect(window.location.origin).toBe('http://localhost:3000');
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const api = installFakeApi();
    signInAs(api, makeUser());
    api.on('POST', '/billing/create-checkout-session', {
      status: 200,
      body: { checkoutUrl: 'http://localhost:3000/sandbox/checkout/cs_1' },
    });
    const user = userEvent.setup();
    renderApp('/pricing');

    await user.click(await screen.findByRole('button', { name: 'Choose Pro' }, LONG));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/cs_1'));
    expect(api.callsTo('POST', '/billing/create-checkout-session')[0]?.body).toEqual({
      planId: 'pro',
      successUrl: 'http://localhost:3000/dashboard?upgraded=true',
      cancelUrl: 'http://localhost:3000/pricing',
    });
  });

  it.each([
    ['the call fails', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }],
    ['no checkout URL comes back', { status: 200, body: {} }],
  ])("says 'Failed to process your request. Please try again.' when %s", async (_, answer) => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const api = installFakeApi();
    signInAs(api, makeUser());
    api.on('POST', '/billing/create-checkout-session', answer);
    const user = userEvent.setup();
    renderApp('/pricing');

    await user.click(await screen.findByRole('button', { name: 'Choose Plus' }, LONG));

    expect(await screen.findByText('Failed to process your request. Please try again.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose Plus' }).hasAttribute('disabled')).toBe(false);
  });
});
