import { resendVerificationInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = publicHttpHandler({ body: resendVerificationInput }, ({ body, event }) =>
  authService.resendVerification(body.email, clientIp(event)),
);
