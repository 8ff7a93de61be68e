import { sandboxPayments } from '../adapters/sandbox-payments';
import { createStripeCheckoutSession, type StripeCheckoutOptions } from '../adapters/stripe-checkout';
import { verifyWebhookSignature } from '../adapters/stripe-signature';
import { env } from '../env';
import { perFunction } from '../local-runtime';
import { secret } from '../secrets';

/**
 * Payments port: Stripe Checkout in AWS; on the local cloud a sandbox whose checkout page completes
 * through the very same signed-webhook path. Both verify webhooks with Stripe's scheme
 * (adapters/stripe-signature.ts); the `stripe` package itself is only the tests' reference.
 */
export type PaidPlanId = 'pro' | 'plus';

export interface CheckoutRequest {
  userId: string;
  email: string;
  planId: PaidPlanId;
  successUrl: string;
  cancelUrl: string;
}

/** The only event the app acts on today: a completed checkout that pays for a plan. */
export interface PaymentEvent {
  id: string;
  type: string;
  checkout?: { userId: string; planId: PaidPlanId; paid: boolean };
}

export interface PaymentsPort {
  readonly mode: 'stripe' | 'sandbox';
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Throws when the signature does not match the raw body. */
  verifyWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}

export class InvalidSignatureError extends Error {}

/** The parts of a Stripe event the app reads (https://docs.stripe.com/api/events/object). */
interface StripeEvent {
  id: string;
  type: string;
  data?: {
    object?: {
      client_reference_id?: string | null;
      payment_status?: string;
      metadata?: Record<string, string> | null;
    };
  };
}

/** Reads a verified Stripe event into the app's terms. */
export function toPaymentEvent(event: StripeEvent): PaymentEvent {
  if (event.type !== 'checkout.session.completed') return { id: event.id, type: event.type };
  const session = event.data?.object ?? {};
  const planId = session.metadata?.planId;
  const userId = session.client_reference_id ?? session.metadata?.userId;
  if (!userId || (planId !== 'pro' && planId !== 'plus')) return { id: event.id, type: event.type };
  return {
    id: event.id,
    type: event.type,
    checkout: { userId, planId, paid: session.payment_status === 'paid' },
  };
}

/** Verifies a delivery (signature and timestamp, adapters/stripe-signature.ts) and reads its event. */
export function verifyStripeSignature(
  rawBody: string,
  signature: string | undefined,
  secret: string,
  nowMs: number = Date.now(),
): PaymentEvent {
  let event: StripeEvent;
  try {
    event = verifyWebhookSignature(rawBody, signature, secret, nowMs) as StripeEvent;
  } catch (error) {
    throw new InvalidSignatureError((error as Error).message);
  }
  if (!event || typeof event !== 'object') throw new InvalidSignatureError('The event is not an object');
  return toPaymentEvent(event);
}

export function stripePayments(options: StripeCheckoutOptions & { webhookSecret: string }): PaymentsPort {
  return {
    mode: 'stripe',
    createCheckoutSession: (request) => createStripeCheckoutSession(options, request),
    verifyWebhook: (rawBody, signature) => verifyStripeSignature(rawBody, signature, options.webhookSecret),
  };
}

/** The payments secret's JSON (Stripe's settings; the sandbox's webhook secret on the local cloud). */
async function storedSettings(): Promise<Record<string, string | undefined>> {
  const stored = await secret('PAYMENTS');
  return stored ? (JSON.parse(stored) as Record<string, string | undefined>) : {};
}

/** Stripe settings: one JSON secret in AWS, or separate env vars (a Stripe test account run locally). */
async function stripeSettings() {
  const e = env();
  const fromSecret = await storedSettings();
  const secretKey = fromSecret.secretKey ?? e.STRIPE_SECRET_KEY;
  const webhookSecret = fromSecret.webhookSecret ?? e.PAYMENTS_WEBHOOK_SECRET;
  const pro = fromSecret.pricePro ?? e.STRIPE_PRICE_PRO;
  const plus = fromSecret.pricePlus ?? e.STRIPE_PRICE_PLUS;
  if (!secretKey || !webhookSecret || !pro || !plus) {
    throw new Error(
      'Payments are not configured: set the payments secret (secretKey, webhookSecret, pricePro, pricePlus)',
    );
  }
  return { secretKey, webhookSecret, prices: { pro, plus } };
}

async function sandboxSettings() {
  const e = env();
  const webhookSecret = (await storedSettings()).webhookSecret ?? e.PAYMENTS_WEBHOOK_SECRET;
  if (!webhookSecret) throw new Error('Invalid environment: PAYMENTS_WEBHOOK_SECRET is not set');
  return sandboxPayments(webhookSecret, e.PUBLIC_APP_URL);
}

// Per function: each reads the secret its own role allows.
const chosen = perFunction(() => {
  const port = env().PAYMENTS_MODE === 'sandbox' ? sandboxSettings() : stripeSettings().then(stripePayments);
  // A failed setup is retried by the next request rather than remembered.
  port.catch(() => chosen.reset());
  return port;
});
export function paymentsPort(): Promise<PaymentsPort> {
  return chosen.get();
}
