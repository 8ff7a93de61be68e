import { randomUUID } from 'node:crypto';
import type { CheckoutRequest, PaidPlanId } from '../ports/payments';

/**
 * Creates a Stripe Checkout Session with one call to Stripe's REST API
 * (https://docs.stripe.com/api/checkout/sessions/create), without the `stripe` package: its 240 KB
 * would be most of the checkout function's bundle. It does what the package does for this call: a
 * form-encoded body, the pinned API version, an idempotency key, and retries of network errors, 409,
 * 429 and 5xx answers with the same key, unless Stripe says not to (`Stripe-Should-Retry: false`).
 */

/** The API version of stripe@23.1.0, which the webhook tests verify against. */
export const STRIPE_API_VERSION = '2026-10-28.endive';
export const STRIPE_API_BASE = 'https://api.stripe.com';
const MAX_RETRIES = 2;
const TIMEOUT_MS = 10_000;

export interface StripeCheckoutOptions {
  secretKey: string;
  prices: Record<PaidPlanId, string>;
  /** Tests point it at a local stand-in. */
  apiBase?: string;
  /** Waits between retries; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
}

/** Stripe's bracket notation for nested form fields: `line_items[0][price]`, `metadata[planId]`. */
export function checkoutForm(request: CheckoutRequest, price: string): URLSearchParams {
  return new URLSearchParams({
    mode: 'subscription',
    'line_items[0][price]': price,
    'line_items[0][quantity]': '1',
    client_reference_id: request.userId,
    customer_email: request.email,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    'metadata[userId]': request.userId,
    'metadata[planId]': request.planId,
  });
}

const retryable = (res: Response) => {
  const advice = res.headers.get('stripe-should-retry');
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return res.status === 409 || res.status === 429 || res.status >= 500;
};

export async function createStripeCheckoutSession(
  options: StripeCheckoutOptions,
  request: CheckoutRequest,
): Promise<{ id: string; url: string }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const body = checkoutForm(request, options.prices[request.planId]).toString();
  const idempotencyKey = randomUUID();
  for (let attempt = 0; ; attempt++) {
    let res: Response | undefined;
    let failure: unknown;
    try {
      res = await fetch(`${options.apiBase ?? STRIPE_API_BASE}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'stripe-version': STRIPE_API_VERSION,
          'idempotency-key': idempotencyKey,
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      failure = error;
    }
    if (res?.ok) {
      const session = (await res.json()) as { id?: unknown; url?: unknown };
      if (typeof session.id !== 'string' || typeof session.url !== 'string')
        throw new Error('Stripe returned no checkout URL');
      return { id: session.id, url: session.url };
    }
    if (attempt < MAX_RETRIES && (!res || retryable(res))) {
      // Stripe's own back-off: half a second, doubling.
      await sleep(500 * 2 ** attempt);
      continue;
    }
    if (!res) throw failure;
    const answer = (await res.json().catch(() => ({}))) as { error?: { message?: unknown } };
    const reason = typeof answer.error?.message === 'string' ? answer.error.message : res.statusText;
    throw new Error(`Stripe refused the checkout session (${res.status}): ${reason}`);
  }
}
