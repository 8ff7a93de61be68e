import { httpHandler } from '../core/http-handler';
import { signIn } from './sign-in-deps';

export const handler = httpHandler({}, async ({ user }) => ({
  data: { user: await signIn.me(user) },
}));
