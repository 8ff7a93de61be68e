import { changePasswordInput } from '../../shared/auth';
import { httpHandler } from '../core/http-handler';
import { accountService } from './account-deps';

export const handler = httpHandler({ body: changePasswordInput }, ({ body, user }) =>
  accountService.changePassword(user, body),
);
