import { connectionIdParams } from '../../shared/connections';
import { httpHandler } from '../core/http-handler';
import { disconnect } from './connection-service';

export const handler = httpHandler({ path: connectionIdParams }, async ({ user, path, log }) => ({
  message: await disconnect(user, path.id, { log }),
}));
