/**
 * Payments port: Stripe Checkout in AWS (adapters/stripe-payments.ts); on the local cloud a sandbox whose
 * checkout page completes through the very same signed-webhook path (adapters/sandbox-payments.ts),
 * chosen where a function is wired (adapters/payments-adapter.ts). Both verify webhooks with Stripe's
 * scheme (adapters/stripe-signature.ts); the `stripe` package itself is only the tests' reference.
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
