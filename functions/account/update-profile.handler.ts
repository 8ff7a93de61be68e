import { updateProfileInput } from '../../shared/auth';
import { httpHandler } from '../core/http-handler';
import { updateProfile } from './account-service';

export const handler = httpHandler({ body: updateProfileInput }, async ({ body, user }) => ({
  data: { user: await updateProfile(user, body) },
}));
