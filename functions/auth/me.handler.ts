import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { signIn } from './sign-in-deps';

const route = httpRoute('auth/me');

export const handler = httpHandler({ route }, async ({ user }) => ({
  data: { user: await signIn.me(user) },
}));
