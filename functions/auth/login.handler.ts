import { loginInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { sessions } from './auth-deps';

export const handler = publicHttpHandler({ body: loginInput }, async ({ body, event }) => ({
  data: await sessions.login(body, clientIp(event)),
}));
