import { checkoutInput } from '../../shared/billing';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { billing } from './billing-deps';

const route = httpRoute('billing/create-checkout-session');

export const handler = httpHandler({ route, body: checkoutInput }, ({ body, user }) =>
  billing.createCheckout(user, body),
);
