import { syncInput } from '../../shared/connections';
import { httpHandler, respond } from '../core/http-handler';
import { connections } from './connection-deps';

export const handler = httpHandler({ body: syncInput }, async ({ user, body }) => {
  const { connection, created, message } = await connections.sync(user, body);
  return respond(created ? 201 : 200, { data: { platform: connection }, message });
});
