import { updateProfileInput } from '../../shared/auth';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { profile } from './profile-deps';

const route = httpRoute('account/update-profile');

export const handler = httpHandler({ route, body: updateProfileInput }, async ({ body, user }) => ({
  data: { user: await profile.updateProfile(user, body) },
}));
