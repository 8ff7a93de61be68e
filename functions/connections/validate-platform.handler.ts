import { connectionIdParams } from '../../shared/connections';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { connections } from './connection-deps';

const route = httpRoute('connections/validate-platform');

export const handler = httpHandler({ route, path: connectionIdParams }, async ({ user, path }) => {
  const { connection, message } = await connections.validate(user, path.id);
  return { data: { platform: connection }, message };
});
