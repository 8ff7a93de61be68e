import { publicHttpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { billing } from './billing-deps';

const route = httpRoute('billing/payment-webhook');

// The signature covers the exact bytes sent, so the raw body is verified, never a re-serialised parse.
export const handler = publicHttpHandler({ route }, async ({ event }) => {
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
  return billing.handlePaymentWebhook(raw, event.headers['stripe-signature']);
});
