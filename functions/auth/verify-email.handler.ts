import { verifyEmailInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { registration } from './mail-deps';

export const handler = publicHttpHandler({ body: verifyEmailInput }, async ({ body }) => {
  const { message, user } = await registration.verifyEmail(body.token);
  return { message, data: { user } };
});
