import { env } from '../env';
import { perFunction } from '../local-runtime';
import type { PaymentsPort } from '../ports/payments';
import { secret } from '../secrets';
import { sandboxPayments } from './sandbox-payments';
import { stripePayments } from './stripe-payments';

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
/**
 * The payments port to build services with (the wiring imports it, never the port), passed as an async
 * provider: Stripe in AWS, the sandbox where PAYMENTS_MODE says so (the local cloud).
 */
export function paymentsPort(): Promise<PaymentsPort> {
  return chosen.get();
}
