import { refreshInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { sessions } from './auth-deps';

export const handler = publicHttpHandler({ body: refreshInput }, async ({ body }) => ({
  data: await sessions.refresh(body.refreshToken),
}));
