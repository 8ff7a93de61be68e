import { deleteAccountInput } from '../../shared/auth';
import { httpHandler } from '../core/http-handler';
import { accountService } from './account-deps';

export const handler = httpHandler({ body: deleteAccountInput }, ({ body, user }) =>
  accountService.deleteAccount(user, body.password),
);
