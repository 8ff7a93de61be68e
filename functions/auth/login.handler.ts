import { loginInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { signIn } from './sign-in-deps';

export const handler = publicHttpHandler({ body: loginInput }, async ({ body, event }) => ({
  data: await signIn.login(body, clientIp(event)),
}));
