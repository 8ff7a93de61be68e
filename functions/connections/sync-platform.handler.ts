import { syncInput } from '../../shared/connections';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { connections } from './connection-deps';

const route = httpRoute('connections/sync-platform');

export const handler = httpHandler({ route, body: syncInput }, async ({ user, body }) => {
  const { connection, created, message } = await connections.sync(user, body);
  return respond(created ? 201 : 200, { data: { platform: connection }, message });
});
