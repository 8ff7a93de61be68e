import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { apiKeys } from './api-keys-deps';

const route = httpRoute('api-keys/list-api-keys');

/** `GET /api/keys` (issue 39): the workspace's keys, newest first, never their secrets. */
export const handler = httpHandler({ route }, async ({ user }) => ({
  data: { keys: await apiKeys.list(user) },
}));
