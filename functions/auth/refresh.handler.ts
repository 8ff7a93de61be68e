import { refreshInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = publicHttpHandler({ body: refreshInput }, async ({ body }) => ({
  data: await authService.refresh(body.refreshToken),
}));
