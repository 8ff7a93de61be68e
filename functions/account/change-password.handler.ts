import { changePasswordInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { httpHandler } from '../core/http-handler';
import { changePassword } from './account-service';

export const handler = httpHandler({ body: changePasswordInput }, ({ body, user, log, event }) =>
  changePassword(user, body, { log, clientIp: clientIp(event) }),
);
