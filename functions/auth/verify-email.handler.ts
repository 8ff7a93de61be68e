import { verifyEmailInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { emailVerification } from './sign-in-deps';

const route = httpRoute('auth/verify-email');

export const handler = publicHttpHandler({ route, body: verifyEmailInput }, async ({ body }) => {
  const { message, user } = await emailVerification.verifyEmail(body.token);
  return { message, data: { user } };
});
