import { updateProfileInput } from '../../shared/auth';
import { httpHandler } from '../core/http-handler';
import { account } from './account-deps';

export const handler = httpHandler({ body: updateProfileInput }, async ({ body, user }) => ({
  data: { user: await account.updateProfile(user, body) },
}));
