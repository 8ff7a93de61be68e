import { deleteAccountInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { httpHandler } from '../core/http-handler';
import { account } from './account-deps';

export const handler = httpHandler({ body: deleteAccountInput }, ({ body, user, event }) =>
  account.deleteAccount(user, body.password, clientIp(event)),
);
