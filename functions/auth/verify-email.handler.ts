import { verifyEmailInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { emailVerification } from './sign-in-deps';

export const handler = publicHttpHandler({ body: verifyEmailInput }, async ({ body }) => {
  const { message, user } = await emailVerification.verifyEmail(body.token);
  return { message, data: { user } };
});
