import { connectionIdParams } from '../../shared/connections';
import { httpHandler } from '../core/http-handler';
import { connectionRecords } from './connection-records-deps';

export const handler = httpHandler({ path: connectionIdParams }, async ({ user, path }) => ({
  message: await connectionRecords.disconnect(user, path.id),
}));
