import { checkoutInput } from '../../shared/billing';
import { httpHandler } from '../core/http-handler';
import { billingService } from './billing-deps';

export const handler = httpHandler({ body: checkoutInput }, async ({ body, user }) =>
  (await billingService()).createCheckout(user, body),
);
