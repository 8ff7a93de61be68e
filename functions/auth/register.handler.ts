import { registerInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler, respond } from '../core/http-handler';
import { authService } from './auth-deps';

export const handler = publicHttpHandler({ body: registerInput }, async ({ body, event }) =>
  respond(201, await authService.register(body, clientIp(event))),
);
