import { deleteAccountInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { account } from './account-deps';

const route = httpRoute('account/delete-account');

export const handler = httpHandler({ route, body: deleteAccountInput }, ({ body, user, event }) =>
  account.deleteAccount(user, body.password, clientIp(event)),
);
