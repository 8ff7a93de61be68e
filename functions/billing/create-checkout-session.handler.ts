import { checkoutInput } from '../../shared/billing';
import { httpHandler } from '../core/http-handler';
import { billing } from './billing-deps';

export const handler = httpHandler({ body: checkoutInput }, ({ body, user }) =>
  billing.createCheckout(user, body),
);
