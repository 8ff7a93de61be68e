import { changePasswordInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { httpHandler } from '../core/http-handler';
import { passwordChange } from './password-change-deps';

export const handler = httpHandler({ body: changePasswordInput }, ({ body, user, event }) =>
  passwordChange.changePassword(user, body, clientIp(event)),
);
