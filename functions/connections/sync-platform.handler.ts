import { syncInput } from '../../shared/connections';
import { httpHandler, respond } from '../core/http-handler';
import { keysPort } from '../core/ports/keys';
import { sync } from './connection-service';

export const handler = httpHandler({ body: syncInput }, async ({ user, body, log }) => {
  const { connection, created, message } = await sync(user, body, { log, keys: keysPort() });
  return respond(created ? 201 : 200, { data: { platform: connection }, message });
});
