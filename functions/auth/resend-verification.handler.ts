import { resendVerificationInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { registration } from './mail-deps';

export const handler = publicHttpHandler({ body: resendVerificationInput }, ({ body, event }) =>
  registration.resendVerification(body.email, clientIp(event)),
);
