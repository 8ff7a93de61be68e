import { loginInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { signIn } from './sign-in-deps';

const route = httpRoute('auth/login');

export const handler = publicHttpHandler({ route, body: loginInput }, async ({ body, event }) => ({
  data: await signIn.login(body, clientIp(event)),
}));
