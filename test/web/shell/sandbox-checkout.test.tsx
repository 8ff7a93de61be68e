import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../web/src/features/billing/api/sandbox';
import { renderApp } from '../render-app';
import { installFakeApi } from '../support/fake-api';

const LONG = { timeout: 5000 };

afterEach(() => {
  vi.restoreAllMocks();
});

const session = {
  id: 'cs_1',
  planId: 'plus',
  planName: 'Plus',
  amount: 6900,
  currency: 'usd',
  email: 'ada@example.com',
  status: 'open',
  successUrl: 'http://localhost:3000/dashboard?upgraded=true',
  cancelUrl: 'http://localhost:3000/pricing',
};

describe('sandbox checkout', () => {
  it('says no real money is charged and shows the plan, the amount and the e-mail', async () => {
    const api = installFakeApi();
    api.on('GET', '/billing/sandbox/cs_1', { status: 200, body: { data: { session } } });
    renderApp('/sandbox/checkout/cs_1');

    expect(await screen.findByText('Sandbox payment — no real money is charged', {}, LONG)).toBeTruthy();
    expect(await screen.findByText('Plus')).toBeTruthy();
    expect(screen.getByText('$69.00')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('completes the session on Pay and follows the redirect URL', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const api = installFakeApi();
    api.on('GET', '/billing/sandbox/cs_1', { status: 200, body: { data: { session } } });
    api.on('POST', '/billing/sandbox/cs_1/complete', {
      status: 200,
      body: { redirectUrl: 'http://localhost:3000/dashboard?upgraded=true' },
    });
    const user = userEvent.setup();
    renderApp('/sandbox/checkout/cs_1');

    await user.click(await screen.findByRole('button', { name: 'Pay' }, LONG));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/dashboard?upgraded=true'));
    expect(api.callsTo('POST', '/billing/sandbox/cs_1/complete')).toHaveLength(1);
  });

  it("goes back to the session's cancel URL on Cancel", async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const api = installFakeApi();
    api.on('GET', '/billing/sandbox/cs_1', { status: 200, body: { data: { session } } });
    const user = userEvent.setup();
    renderApp('/sandbox/checkout/cs_1');

    await user.click(await screen.findByRole('button', { name: 'Cancel' }, LONG));

    expect(assign).toHaveBeenCalledWith('http://localhost:3000/pricing');
    expect(api.callsTo('POST', '/billing/sandbox/cs_1/complete')).toHaveLength(0);
  });

  it('says the session does not exist when the API does not know it', async () => {
    const api = installFakeApi();
    api.on('GET', '/billing/sandbox/cs_gone', {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found' },
    });
    renderApp('/sandbox/checkout/cs_gone');

    expect(await screen.findByText('This checkout session does not exist.', {}, LONG)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});
