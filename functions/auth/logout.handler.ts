import { httpHandler, respond } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = httpHandler({}, async ({ user }) => {
  await authService.logout(user.id, user.sessionId);
  return respond(204, undefined);
});
