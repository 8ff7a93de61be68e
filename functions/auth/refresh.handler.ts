import { refreshInput } from '../../shared/auth';
import { publicHttpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { sessions } from './auth-deps';

const route = httpRoute('auth/refresh');

export const handler = publicHttpHandler({ route, body: refreshInput }, async ({ body }) => ({
  data: await sessions.refresh(body.refreshToken),
}));
