import { httpHandler } from '../core/http-handler';
import { sessions } from './auth-deps';

export const handler = httpHandler({}, async ({ user }) => ({
  data: { user: await sessions.me(user.id) },
}));
