import Stripe from 'stripe';
import { sandboxPayments } from '../adapters/sandbox-payments';
import { env } from '../env';
import { secret } from '../secrets';

/**
 * Payments port: Stripe Checkout in AWS; on the local cloud a sandbox whose checkout page completes
 * through the very same signed-webhook path. Both verify webhooks with the `stripe` package.
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

/** Reads a verified Stripe event into the app's terms. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  if (event.type !== 'checkout.session.completed') return { id: event.id, type: event.type };
  const session = event.data.object as Stripe.Checkout.Session;
  const planId = session.metadata?.planId;
  const userId = session.client_reference_id ?? session.metadata?.userId;
  if (!userId || (planId !== 'pro' && planId !== 'plus')) return { id: event.id, type: event.type };
  return {
    id: event.id,
    type: event.type,
    checkout: { userId, planId, paid: session.payment_status === 'paid' },
  };
}

/** How far a signed event's timestamp may be from the receiver's clock, either way (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The timestamp Stripe's parser verified the signature with: its last `t=` item, read by parseInt. */
function signedTimestamp(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/**
 * Verifies the signature and the signed timestamp on both sides of the tolerance. Stripe's check refuses
 * only an old timestamp; one from the future is refused here too, or an event signed ahead of time (a
 * leaked secret, a wrong clock) would be accepted until long after it was made.
 */
export function verifyStripeSignature(
  rawBody: string,
  signature: string | undefined,
  secret: string,
  nowMs: number = Date.now(),
): PaymentEvent {
  if (!signature) throw new InvalidSignatureError('Missing signature');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      nowMs,
    );
  } catch (error) {
    throw new InvalidSignatureError((error as Error).message);
  }
  if (signedTimestamp(signature) - Math.floor(nowMs / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new InvalidSignatureError('Timestamp is ahead of the tolerance zone');
  }
  return toPaymentEvent(event);
}

export function stripePayments(options: {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidPlanId, string>;
}): PaymentsPort {
  const stripe = new Stripe(options.secretKey);
  return {
    mode: 'stripe',
    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: options.prices[request.planId], quantity: 1 }],
        client_reference_id: request.userId,
        customer_email: request.email,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { userId: request.userId, planId: request.planId },
      });
      if (!session.url) throw new Error('Stripe returned no checkout URL');
      return { id: session.id, url: session.url };
    },
    verifyWebhook: (rawBody, signature) => verifyStripeSignature(rawBody, signature, options.webhookSecret),
  };
}

/** Stripe settings: one JSON secret in AWS, or separate env vars (a Stripe test account run locally). */
async function stripeSettings() {
  const e = env();
  const stored = await secret('PAYMENTS');
  const fromSecret = stored ? (JSON.parse(stored) as Record<string, string | undefined>) : {};
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

let chosen: Promise<PaymentsPort> | undefined;
export function paymentsPort(): Promise<PaymentsPort> {
  if (!chosen) {
    const e = env();
    chosen =
      e.PAYMENTS_MODE === 'sandbox'
        ? Promise.resolve().then(() => {
            if (!e.PAYMENTS_WEBHOOK_SECRET)
              throw new Error('Invalid environment: PAYMENTS_WEBHOOK_SECRET is not set');
            return sandboxPayments(e.PAYMENTS_WEBHOOK_SECRET, e.PUBLIC_APP_URL);
          })
        : stripeSettings().then(stripePayments);
    // A failed setup is retried by the next request rather than remembered.
    chosen.catch(() => {
      chosen = undefined;
    });
  }
  return chosen;
}
