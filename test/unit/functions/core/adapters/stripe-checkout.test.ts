import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStripeCheckoutSession,
  STRIPE_API_VERSION,
} from '../../../../../functions/core/adapters/stripe-checkout';

/**
 * Stripe itself is out of reach here: a local server stands in for its API and records what it was
 * sent; the answers are Stripe's documented shapes (https://docs.stripe.com/api/checkout/sessions).
 */
interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}
let server: Server;
let base: string;
let seen: Seen[];
let answers: Array<{ status: number; body: unknown; headers?: Record<string, string> }>;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      });
      const answer = answers.shift() ?? { status: 500, body: {} };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

beforeEach(() => {
  seen = [];
  answers = [];
});

const waits: number[] = [];
const options = () => ({
  secretKey: 'sk_test_unit',
  prices: { pro: 'price_pro', plus: 'price_plus' },
  apiBase: base,
  sleep: async (ms: number) => {
    waits.push(ms);
  },
});
const request = {
  userId: 'u-1',
  email: 'ada@example.test',
  planId: 'plus' as const,
  successUrl: 'https://app.example/billing/success',
  cancelUrl: 'https://app.example/pricing',
};
const session = {
  id: 'cs_test_1',
  object: 'checkout.session',
  url: 'https://checkout.stripe.com/c/pay/cs_test_1',
};

describe('creating a Stripe Checkout Session', () => {
  it("sends the plan's price, the user and the return addresses, form-encoded, with the key and API version", async () => {
    answers.push({ status: 200, body: session });
    expect(await createStripeCheckoutSession(options(), request)).toEqual({
      id: session.id,
      url: session.url,
    });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(call!.headers.authorization).toBe('Bearer sk_test_unit');
    expect(call!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(call!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.form).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_plus',
      'line_items[0][quantity]': '1',
      client_reference_id: 'u-1',
      customer_email: 'ada@example.test',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      'metadata[userId]': 'u-1',
      'metadata[planId]': 'plus',
    });
  });

  it('tries again after a 500 and a 429 with the same idempotency key, waiting longer each time', async () => {
    waits.length = 0;
    answers.push({ status: 500, body: {} }, { status: 429, body: {} }, { status: 200, body: session });
    expect((await createStripeCheckoutSession(options(), request)).url).toBe(session.url);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.headers['idempotency-key'])).size).toBe(1);
    expect(waits).toEqual([500, 1000]);
  });

  it('gives up after two retries with the reason Stripe gave', async () => {
    answers.push(
      { status: 503, body: {} },
      { status: 503, body: {} },
      { status: 503, body: { error: { message: 'Stripe is down' } } },
    );
    await expect(createStripeCheckoutSession(options(), request)).rejects.toThrow(
      'Stripe refused the checkout session (503): Stripe is down',
    );
    expect(seen).toHaveLength(3);
  });

  it('does not retry a refusal (400), nor an error Stripe says not to retry', async () => {
    answers.push({ status: 400, body: { error: { message: 'No such price: price_plus' } } });
    await expect(createStripeCheckoutSession(options(), request)).rejects.toThrow(
      'Stripe refused the checkout session (400): No such price: price_plus',
    );
    expect(seen).toHaveLength(1);
    seen = [];
    answers.push({ status: 500, body: {}, headers: { 'stripe-should-retry': 'false' } });
    await expect(createStripeCheckoutSession(options(), request)).rejects.toThrow('(500)');
    expect(seen).toHaveLength(1);
  });

  it('refuses an answer without a checkout URL', async () => {
    answers.push({ status: 200, body: { id: 'cs_test_2', url: null } });
    await expect(createStripeCheckoutSession(options(), request)).rejects.toThrow(
      'Stripe returned no checkout URL',
    );
  });

  it('retries a connection that fails, then reports it', async () => {
    const closed = { ...options(), apiBase: 'http://127.0.0.1:9' };
    await expect(createStripeCheckoutSession(closed, request)).rejects.toThrow();
  });
});
