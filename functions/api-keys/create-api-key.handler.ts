import { createApiKeyInput } from '../../shared/api-keys';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { apiKeys } from './api-keys-deps';

const route = httpRoute('api-keys/create-api-key');

/** `POST /api/keys` {name, scopes[], expiresAt?} (issue 39): 201 with the key and its secret, shown once. */
export const handler = httpHandler({ route, body: createApiKeyInput }, async ({ user, body }) =>
  respond(201, { data: await apiKeys.create(user, body) }),
);
