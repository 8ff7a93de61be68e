import { apiKeyIdParams } from '../../shared/api-keys';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { apiKeys } from './api-keys-deps';

const route = httpRoute('api-keys/revoke-api-key');

/** `DELETE /api/keys/{id}` (issue 39): the key stops working at once. */
export const handler = httpHandler({ route, path: apiKeyIdParams }, async ({ user, path }) => {
  await apiKeys.revoke(user, path.id);
  return { success: true };
});
