import { forgotPasswordInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = publicHttpHandler({ body: forgotPasswordInput }, ({ body, event }) =>
  authService.forgotPassword(body, clientIp(event)),
);
