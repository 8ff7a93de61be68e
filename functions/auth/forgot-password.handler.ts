import { forgotPasswordInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler } from '../core/http-handler';
import { passwordReset } from './mail-deps';

export const handler = publicHttpHandler({ body: forgotPasswordInput }, ({ body, event }) =>
  passwordReset.forgotPassword(body, clientIp(event)),
);
