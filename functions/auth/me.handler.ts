import { httpHandler } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = httpHandler({}, async ({ user }) => ({
  data: { user: await authService.me(user.id) },
}));
