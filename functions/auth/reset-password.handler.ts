import { resetPasswordInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { passwordReset } from './auth-deps';

export const handler = publicHttpHandler({ body: resetPasswordInput }, ({ body }) =>
  passwordReset.resetPassword(body),
);
