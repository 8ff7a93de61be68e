import { resetPasswordInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = publicHttpHandler({ body: resetPasswordInput }, ({ body }) =>
  authService.resetPassword(body),
);
