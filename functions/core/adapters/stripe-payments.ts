import type { PaymentEvent, PaymentsPort } from '../ports/payments';
import { InvalidSignatureError } from '../ports/payments';
import { createStripeCheckoutSession, type StripeCheckoutOptions } from './stripe-checkout';
import { verifyWebhookSignature } from './stripe-signature';

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
