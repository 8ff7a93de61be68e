import { pairExtensionInput } from '../../shared/auth';
import { pairing } from '../auth/auth-deps';
import { clientIp } from '../core/client-ip';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';

const route = httpRoute('connections/pair-extension');

/** `POST /api/users/extension/pair`: tokens for the extension, handed over by the /platforms page. */
export const handler = httpHandler({ route, body: pairExtensionInput }, async ({ body, user, event }) =>
  respond(201, {
    data: await pairing.pairExtension(user, body.password, clientIp(event)),
    message: 'Extension paired',
  }),
);
