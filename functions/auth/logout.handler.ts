import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { sessions } from './auth-deps';

const route = httpRoute('auth/logout');

export const handler = httpHandler({ route }, async ({ user }) => {
  await sessions.logout(user.id, user.sessionId);
  return respond(204, undefined);
});
