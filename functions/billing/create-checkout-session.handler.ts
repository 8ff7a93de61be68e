import { checkoutInput } from '../../shared/billing';
import { httpHandler } from '../core/http-handler';
import { billingService } from './billing-deps';

export const handler = httpHandler({ body: checkoutInput }, ({ body, user }) =>
  billingService().createCheckout(user, body),
);
