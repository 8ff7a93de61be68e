import { httpHandler, respond } from '../core/http-handler';
import { sessions } from './auth-deps';

export const handler = httpHandler({}, async ({ user }) => {
  await sessions.logout(user.id, user.sessionId);
  return respond(204, undefined);
});
