import { forgotPasswordInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { passwordResetMail } from './mail-deps';

export const handler = publicHttpHandler({ body: forgotPasswordInput }, ({ body, event }) =>
  passwordResetMail.forgotPassword(body, clientIp(event)),
);
