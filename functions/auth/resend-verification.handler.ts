import { resendVerificationInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { verificationMail } from './mail-deps';

export const handler = publicHttpHandler({ body: resendVerificationInput }, ({ body, event }) =>
  verificationMail.resendVerification(body.email, clientIp(event)),
);
