import { connectionIdParams } from '../../shared/connections';
import { httpHandler } from '../core/http-handler';
import { keysPort } from '../core/ports/keys';
import { validate } from './connection-service';

export const handler = httpHandler({ path: connectionIdParams }, async ({ user, path, log }) => {
  const { connection, message } = await validate(user, path.id, { log, keys: keysPort() });
  return { data: { platform: connection }, message };
});
