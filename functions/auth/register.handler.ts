import { registerInput } from '../../shared/auth';
import { clientIp } from '../core/client-ip';
import { publicHttpHandler, respond } from '../core/http-handler';
import { registration } from './mail-deps';

export const handler = publicHttpHandler({ body: registerInput }, async ({ body, event }) =>
  respond(201, await registration.register(body, clientIp(event))),
);
