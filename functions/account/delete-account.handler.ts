import { deleteAccountInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { httpHandler } from '../core/http-handler';
import { deleteAccount } from './account-service';

export const handler = httpHandler({ body: deleteAccountInput }, ({ body, user, log, event }) =>
  deleteAccount(user, body.password, { log, clientIp: clientIp(event) }),
);
