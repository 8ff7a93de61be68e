import { updateProfileInput } from '../../shared/auth';
import { httpHandler } from '../core/http-handler';
import { profile } from './profile-deps';

export const handler = httpHandler({ body: updateProfileInput }, async ({ body, user }) => ({
  data: { user: await profile.updateProfile(user, body) },
}));
