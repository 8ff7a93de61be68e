import { resendVerificationInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { verificationMail } from './mail-deps';

const route = httpRoute('auth/resend-verification');

export const handler = publicHttpHandler({ route, body: resendVerificationInput }, ({ body, event }) =>
  verificationMail.resendVerification(body.email, clientIp(event)),
);
