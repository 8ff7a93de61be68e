import { deleteAccountInput } from '../../shared/auth';
import { httpHandler } from '../core/http-handler';
import { deleteAccount } from './account-service';

export const handler = httpHandler({ body: deleteAccountInput }, ({ body, user, log }) =>
  deleteAccount(user, body.password, { log }),
);
