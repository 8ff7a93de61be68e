import { registerInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { registration } from './mail-deps';

const route = httpRoute('auth/register');

export const handler = publicHttpHandler({ route, body: registerInput }, async ({ body, event }) =>
  respond(201, await registration.register(body, clientIp(event))),
);
