import { changePasswordInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { passwordChange } from './password-change-deps';

const route = httpRoute('account/change-password');

export const handler = httpHandler({ route, body: changePasswordInput }, ({ body, user, event }) =>
  passwordChange.changePassword(user, body, clientIp(event)),
);
