import { connectionIdParams } from '../../shared/connections';
import { httpHandler } from '../core/http-handler';
import { connections } from './connection-deps';

export const handler = httpHandler({ path: connectionIdParams }, async ({ user, path }) => {
  const { connection, message } = await connections.validate(user, path.id);
  return { data: { platform: connection }, message };
});
