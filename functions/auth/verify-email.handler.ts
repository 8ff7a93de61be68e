import { verifyEmailInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = publicHttpHandler({ body: verifyEmailInput }, async ({ body }) => {
  const { message, user } = await authService.verifyEmail(body.token);
  return { message, data: { user } };
});
