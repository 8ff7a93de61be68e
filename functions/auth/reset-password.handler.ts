import { resetPasswordInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { passwordReset } from './auth-deps';

const route = httpRoute('auth/reset-password');

export const handler = publicHttpHandler({ route, body: resetPasswordInput }, ({ body }) =>
  passwordReset.resetPassword(body),
);
