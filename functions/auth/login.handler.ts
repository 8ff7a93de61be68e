import { loginInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = publicHttpHandler({ body: loginInput }, async ({ body, event }) => ({
  data: await authService.login(body, clientIp(event)),
}));
