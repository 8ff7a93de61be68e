import { forgotPasswordInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { passwordResetMail } from './mail-deps';

const route = httpRoute('auth/forgot-password');

export const handler = publicHttpHandler({ route, body: forgotPasswordInput }, ({ body, event }) =>
  passwordResetMail.forgotPassword(body, clientIp(event)),
);
