import { createApiKeyInput } from '../../shared/api-keys';
import { clientIp } from '../core/client-ip';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { apiKeys } from './api-keys-deps';

const route = httpRoute('api-keys/create-api-key');

/**
 * `POST /api/keys` {name, scopes[], expiresAt?, password?} (issue 39): 201 with the key and its secret,
 * shown once; the password only when the sign-in is not recent.
 */
export const handler = httpHandler({ route, body: createApiKeyInput }, async ({ user, body, event }) =>
  respond(201, { data: await apiKeys.create(user, body, clientIp(event)) }),
);
