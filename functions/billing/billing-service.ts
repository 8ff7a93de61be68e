import * as z from 'zod/mini';
import { BILLING_TEXTS, type CheckoutInput } from '../../shared/billing';
import { signedInUser } from '../auth/user-service';
import type { SandboxOperations, SandboxSession } from '../core/adapters/sandbox-payments';
import { SANDBOX_PRICES } from '../core/adapters/sandbox-payments';
import { appOrigins, isAppUrl } from '../core/app-origins';
import type { AuthUser } from '../core/auth';
import { env } from '../core/env';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import { InvalidSignatureError, type PaymentEvent, type PaymentsPort } from '../core/ports/payments';
import { recordEvent, recordEventSettingPlan } from './payment-event-repository';

const PAID_PLAN = { pro: 'PRO', plus: 'PLUS' } as const;

/**
 * What the webhook stores or keys on, bounded: a signature proves who sent an event, not that its
 * fields fit a table key (an id over DynamoDB's key size was a 500). Stripe's ids are `evt_` and a few
 * dozen characters, its types dotted lower-case words, our user ids UUIDs; the bounds leave room.
 */
const ID = /^[A-Za-z0-9_-]+$/;
const storablePaymentEvent = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255), z.regex(ID)),
  type: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[a-z0-9_.]+$/)),
  checkout: z.optional(
    z.object({
      userId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(ID)),
      planId: z.enum(['pro', 'plus']),
      paid: z.boolean(),
    }),
  ),
});
export const PAYMENT_EVENT_REFUSED = 'Payment event has fields out of bounds';

/** Checkout return addresses must be our own pages: anything else would be an open redirect. */
function ownUrl(url: string, field: string): string {
  if (!isAppUrl(url, appOrigins(env()))) {
    throw new ValidationError('The return address must be a page of this app', [
      { path: field, message: 'The return address must be a page of this app' },
    ]);
  }
  return url;
}

export interface BillingDeps {
  /**
   * Resolved per use, not at cold start: the port is built from the payments secret, and a failed
   * setup must fail the billing request (the wiring answers 503), not the function's start.
   */
  payments: () => Promise<PaymentsPort>;
  /** Whether this stage pays in the sandbox (the local cloud); elsewhere the sandbox routes are 404. */
  sandboxMode: () => boolean;
  log: Logger;
  now: () => Date;
}

export function createBillingService({ payments, sandboxMode, log, now }: BillingDeps) {
  async function handlePaymentWebhook(
    rawBody: string,
    signature: string | undefined,
  ): Promise<{ received: true }> {
    const port = await payments();
    let event: PaymentEvent;
    try {
      event = port.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidSignatureError) throw new ValidationError('Invalid webhook signature');
      throw error;
    }
    if (!z.safeParse(storablePaymentEvent, event).success) {
      // Signed, so it came from the provider's account: worth a warning, and nothing is stored.
      log.warn('payment event refused', {
        eventId: String(event.id).slice(0, 100),
        type: String(event.type).slice(0, 100),
      });
      throw new ValidationError(PAYMENT_EVENT_REFUSED);
    }
    // Providers deliver at least once: an event is acted on once (see payment-event-repository).
    const receivedAt = now().toISOString();
    const outcome = event.checkout?.paid
      ? await recordEventSettingPlan(
          { id: event.id, type: event.type, receivedAt },
          event.checkout.userId,
          PAID_PLAN[event.checkout.planId],
        )
      : await recordEvent(event.id, event.type, receivedAt);
    log.info('payment event', {
      eventId: event.id,
      type: event.type,
      outcome,
      userId: event.checkout?.userId,
    });
    return { received: true };
  }

  async function sandbox(): Promise<PaymentsPort & SandboxOperations> {
    // The sandbox routes exist only where payments run in sandbox mode (the local cloud): 404 elsewhere,
    // before the payments port is set up.
    if (!sandboxMode()) throw new NotFoundError();
    const port = await payments();
    if (port.mode !== 'sandbox') throw new NotFoundError();
    return port as PaymentsPort & SandboxOperations;
  }

  return {
    async createCheckout(user: AuthUser, input: CheckoutInput): Promise<{ checkoutUrl: string }> {
      const port = await payments();
      const stored = await signedInUser(user);
      if (stored.plan === PAID_PLAN[input.planId]) throw new ConflictError(BILLING_TEXTS.alreadyOnPlan);
      const { url } = await port.createCheckoutSession({
        userId: stored.id,
        email: stored.email,
        planId: input.planId,
        successUrl: ownUrl(input.successUrl, 'successUrl'),
        cancelUrl: ownUrl(input.cancelUrl, 'cancelUrl'),
      });
      return { checkoutUrl: url };
    },

    handlePaymentWebhook,

    async sandboxSession(id: string) {
      const session = await (await sandbox()).findSession(id);
      if (!session) throw new NotFoundError('This checkout session does not exist.');
      const price = SANDBOX_PRICES[session.planId];
      return {
        id: session.id,
        planId: session.planId,
        planName: price.name,
        amount: price.amount,
        currency: price.currency,
        email: session.email,
        status: session.status,
        successUrl: session.successUrl,
        cancelUrl: session.cancelUrl,
      };
    },

    /** Pays a sandbox session through the same signed-webhook path a real payment takes. */
    async completeSandboxSession(id: string): Promise<{ redirectUrl: string }> {
      const port = await sandbox();
      const session: SandboxSession | undefined = await port.findSession(id);
      if (!session) throw new NotFoundError('This checkout session does not exist.');
      if (session.status !== 'open' || !(await port.completeSession(id))) {
        throw new ConflictError('This checkout session is already paid.');
      }
      const { payload, signature } = port.signedCompletionEvent(session);
      await handlePaymentWebhook(payload, signature);
      return { redirectUrl: session.successUrl };
    },
  };
}
