import { changePasswordInput } from '../../shared/auth';
import { httpHandler } from '../core/http-handler';
import { changePassword } from './account-service';

export const handler = httpHandler({ body: changePasswordInput }, ({ body, user, log }) =>
  changePassword(user, body, { log }),
);
