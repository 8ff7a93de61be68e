import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../functions/core/env';
import { localAppOrigins } from '../../scripts/local-cloud/app-origins';
import { BILLING_TEXTS } from '../../shared/billing';
import { type AccountsEnv, APP_URL, useAccountsEnv } from '../support/accounts-env';
import { type Api, type TestUser, uniqueName } from '../support/api-client';
import { newUser } from '../support/users';

let env: AccountsEnv;
let api: Api;
/** Buys through the sandbox checkout, one test after another. */
let buyer: TestUser;
/** Receives plans through hand-made webhook events. */
let subscriber: TestUser;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  [buyer, subscriber] = await Promise.all([
    newUser({ username: uniqueName('buyer') }),
    newUser({ username: uniqueName('sub') }),
  ]);
});

afterAll(async () => {
  await env?.close();
});

const SUCCESS_URL = `${APP_URL}/dashboard?upgraded=true`;
const CANCEL_URL = `${APP_URL}/pricing`;

const planOf = async (user: TestUser) =>
  (await api.get('/api/auth/me', { token: user.accessToken })).body.data.user.plan as string;

async function openCheckout(
  user: TestUser,
  planId: string,
  urls: { successUrl?: string; cancelUrl?: string } = {},
) {
  return api.post(
    '/api/billing/create-checkout-session',
    { planId, successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL, ...urls },
    { token: user.accessToken },
  );
}

/** The checkout session id at the end of a sandbox checkout URL. */
const sessionIdOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').at(-1)!;

/** A Stripe-format event, as Stripe would send it for a paid (or unpaid) checkout. */
function checkoutCompleted(
  userId: string,
  planId: string,
  { id = `evt_test_${randomUUID().replace(/-/g, '')}`, paid = true } = {},
) {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${randomUUID().replace(/-/g, '')}`,
        object: 'checkout.session',
        client_reference_id: userId,
        payment_status: paid ? 'paid' : 'unpaid',
        status: 'complete',
        metadata: { userId, planId },
      },
    },
  });
}

function deliver(payload: string, secret = process.env.PAYMENTS_WEBHOOK_SECRET!, timestamp?: number) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return api.post('/api/billing/webhook', undefined, {
    raw: payload,
    headers: { 'stripe-signature': signature },
  });
}

describe('POST /api/billing/start-trial', () => {
  it('starts a 14-day trial once; the second time answers 409', async () => {
    const user = await newUser();
    const res = await api.post('/api/billing/start-trial', undefined, { token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(BILLING_TEXTS.trialStarted);
    expect(res.body.data.user).toMatchObject({ id: user.id, plan: 'TRIAL' });
    const ends = Date.parse(res.body.data.user.trialEndsAt);
    expect(Math.abs(ends - (Date.now() + 14 * 86400_000))).toBeLessThan(120_000);
    expect((await api.get('/api/auth/me', { token: user.accessToken })).body.data.user).toMatchObject({
      plan: 'TRIAL',
      trialEndsAt: res.body.data.user.trialEndsAt,
    });

    const again = await api.post('/api/billing/start-trial', undefined, { token: user.accessToken });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'CONFLICT', message: BILLING_TEXTS.trialAlreadyUsed });
  });

  it('answers 401 without a session', async () => {
    const res = await api.post('/api/billing/start-trial');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/billing/create-checkout-session and the payment sandbox', () => {
  it('opens a sandbox checkout for pro and for plus that shows the plan, amount and e-mail', async () => {
    const expected = {
      pro: { planName: 'Pro', amount: 3900 },
      plus: { planName: 'Plus', amount: 6900 },
    };
    for (const planId of ['pro', 'plus'] as const) {
      const res = await openCheckout(buyer, planId);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['checkoutUrl']);
      const url = new URL(res.body.checkoutUrl);
      expect(url.origin).toBe(APP_URL);
      expect(url.pathname).toMatch(/^\/sandbox\/checkout\/cs_sandbox_[0-9a-f]{32}$/);

      const session = await api.get(`/api/billing/sandbox/${sessionIdOf(res.body.checkoutUrl)}`);
      expect(session.status).toBe(200);
      expect(session.body).toEqual({
        data: {
          session: {
            id: sessionIdOf(res.body.checkoutUrl),
            planId,
            ...expected[planId],
            currency: 'usd',
            email: buyer.email,
            status: 'open',
            successUrl: SUCCESS_URL,
            cancelUrl: CANCEL_URL,
          },
        },
      });
    }
    expect(await planOf(buyer)).toBe('FREE');
  });

  it('refuses return addresses outside the web app with 400', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ successUrl: 'https://evil.example/dashboard' }, 'successUrl'],
      [{ cancelUrl: 'https://evil.example/pricing' }, 'cancelUrl'],
      [{ successUrl: 'https://app.trobly.test.evil.example/dashboard' }, 'successUrl'],
      [{ successUrl: 'http://app.trobly.test/dashboard' }, 'successUrl'],
    ];
    for (const [urls, path] of cases) {
      const res = await openCheckout(buyer, 'pro', urls);
      expect(res.status, JSON.stringify(urls)).toBe(400);
      expect(res.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'The return address must be a page of this app',
        issues: [{ path, message: 'The return address must be a page of this app' }],
      });
    }
    for (const successUrl of ['javascript:alert(1)', 'not a url']) {
      const res = await openCheckout(buyer, 'pro', { successUrl });
      expect(res.status, successUrl).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('accepts return addresses on every origin the local cloud serves the app at (127.0.0.1 too), and no other port', async () => {
    const served = localAppOrigins('127.0.0.1', 3000);
    process.env.LOCAL_APP_ORIGINS = served.join(',');
    resetEnvCache();
    try {
      for (const origin of served) {
        const res = await openCheckout(buyer, 'pro', {
          successUrl: `${origin}/dashboard?upgraded=true`,
          cancelUrl: `${origin}/pricing`,
        });
        expect(res.status, origin).toBe(200);
      }
      const otherPort = await openCheckout(buyer, 'pro', { successUrl: 'http://127.0.0.1:3001/dashboard' });
      expect(otherPort.status).toBe(400);
      expect(otherPort.body.issues).toEqual([
        { path: 'successUrl', message: 'The return address must be a page of this app' },
      ]);
    } finally {
      delete process.env.LOCAL_APP_ORIGINS;
      resetEnvCache();
    }
    // Without them (as in AWS) only PUBLIC_APP_URL's origin is a page of the app.
    const local = await openCheckout(buyer, 'pro', { successUrl: 'http://127.0.0.1:3000/dashboard' });
    expect(local.status).toBe(400);
  });

  it('refuses a plan that cannot be bought with 400 on planId', async () => {
    for (const planId of ['trial', 'free', 'PRO', '']) {
      const res = await openCheckout(buyer, planId);
      expect(res.status, planId).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['planId']);
    }
  });

  it('completes a paid checkout: the plan changes, the answer is the success page, and paying twice is refused', async () => {
    const res = await openCheckout(buyer, 'plus');
    const id = sessionIdOf(res.body.checkoutUrl);

    const paid = await api.post(`/api/billing/sandbox/${id}/complete`);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ redirectUrl: SUCCESS_URL });
    expect(await planOf(buyer)).toBe('PLUS');
    expect((await api.get(`/api/billing/sandbox/${id}`)).body.data.session.status).toBe('complete');

    const again = await api.post(`/api/billing/sandbox/${id}/complete`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'CONFLICT', message: 'This checkout session is already paid.' });
    expect(await planOf(buyer)).toBe('PLUS');

    const samePlan = await openCheckout(buyer, 'plus');
    expect(samePlan.status).toBe(409);
    expect(samePlan.body).toEqual({ code: 'CONFLICT', message: BILLING_TEXTS.alreadyOnPlan });

    const otherPlan = await openCheckout(buyer, 'pro');
    expect(otherPlan.status).toBe(200);
    await api.post(`/api/billing/sandbox/${sessionIdOf(otherPlan.body.checkoutUrl)}/complete`);
    const user = (await api.get('/api/auth/me', { token: buyer.accessToken })).body.data.user;
    expect(user).toMatchObject({ plan: 'PRO', trialEndsAt: null });

    const trial = await api.post('/api/billing/start-trial', undefined, { token: buyer.accessToken });
    expect(trial.status).toBe(409);
    expect(await planOf(buyer)).toBe('PRO');
  });

  // A double click on Pay: one payment, and a clear 409 (never a 500) for the others.
  it('answers 409, not a server error, to all but one of simultaneous completions', async () => {
    const res = await openCheckout(buyer, (await planOf(buyer)) === 'PRO' ? 'plus' : 'pro');
    const id = sessionIdOf(res.body.checkoutUrl);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.post(`/api/billing/sandbox/${id}/complete`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(7).fill(409)]);
  });

  it('answers 404 for a checkout session that does not exist', async () => {
    const missing = 'cs_sandbox_00000000000000000000000000000000';
    for (const res of [
      await api.get(`/api/billing/sandbox/${missing}`),
      await api.post(`/api/billing/sandbox/${missing}/complete`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'This checkout session does not exist.' });
    }
  });

  it('answers 401 without a session', async () => {
    const res = await api.post('/api/billing/create-checkout-session', {
      planId: 'pro',
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
    });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/billing/webhook', () => {
  it('refuses an unsigned body, a body signed with another secret and a body changed after signing', async () => {
    const payload = checkoutCompleted(subscriber.id, 'plus');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    const signedOther = Stripe.webhooks.generateTestHeaderString({
      payload: checkoutCompleted(subscriber.id, 'pro'),
      secret: process.env.PAYMENTS_WEBHOOK_SECRET!,
    });
    const attempts = [
      await api.post('/api/billing/webhook', undefined, { raw: payload }),
      await api.post('/api/billing/webhook', undefined, {
        raw: payload,
        headers: { 'stripe-signature': forged },
      }),
      await api.post('/api/billing/webhook', undefined, {
        raw: payload,
        headers: { 'stripe-signature': signedOther },
      }),
      await api.post('/api/billing/webhook', undefined, {
        raw: payload,
        headers: { 'stripe-signature': 'garbage' },
      }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid webhook signature' });
    }
    expect(await planOf(subscriber)).toBe('FREE');
  });

  it('refuses a correctly signed event from 15 minutes ahead or 6 minutes ago, and applies one 4 minutes either way', async () => {
    // The exact edges (300 s, 301 s) are pinned with a fixed clock in the unit test of verifyStripeSignature.
    const user = await newUser();
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const offset of [15 * 60, -6 * 60]) {
      const res = await deliver(
        checkoutCompleted(user.id, 'plus'),
        process.env.PAYMENTS_WEBHOOK_SECRET!,
        nowSeconds + offset,
      );
      expect(res.status, `offset ${offset}`).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid webhook signature' });
    }
    expect(await planOf(user)).toBe('FREE');
    const ahead = await deliver(
      checkoutCompleted(user.id, 'pro'),
      process.env.PAYMENTS_WEBHOOK_SECRET!,
      nowSeconds + 240,
    );
    expect(ahead.status).toBe(200);
    expect(await planOf(user)).toBe('PRO');
    const behind = await deliver(
      checkoutCompleted(user.id, 'plus'),
      process.env.PAYMENTS_WEBHOOK_SECRET!,
      nowSeconds - 240,
    );
    expect(behind.status).toBe(200);
    expect(await planOf(user)).toBe('PLUS');
  });

  it('applies a correctly signed paid checkout, and each event id only once', async () => {
    const eventA = checkoutCompleted(subscriber.id, 'plus');
    const eventB = checkoutCompleted(subscriber.id, 'pro');

    const first = await deliver(eventA);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect(await planOf(subscriber)).toBe('PLUS');

    expect((await deliver(eventB)).status).toBe(200);
    expect(await planOf(subscriber)).toBe('PRO');

    // Stripe delivers at least once: the late copy of A is acknowledged and not acted on.
    const redelivered = await deliver(eventA);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toEqual({ received: true });
    expect(await planOf(subscriber)).toBe('PRO');
  });

  it('acknowledges events it does not act on without changing the plan', async () => {
    const before = await planOf(subscriber);
    const unpaid = await deliver(
      checkoutCompleted(subscriber.id, before === 'PLUS' ? 'pro' : 'plus', { paid: false }),
    );
    expect(unpaid.status).toBe(200);
    const other = await deliver(
      JSON.stringify({
        id: `evt_test_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'invoice.paid',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: { id: 'in_test_1', object: 'invoice', metadata: { userId: subscriber.id, planId: 'plus' } },
        },
      }),
    );
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ received: true });
    expect(await planOf(subscriber)).toBe(before);
  });
});
