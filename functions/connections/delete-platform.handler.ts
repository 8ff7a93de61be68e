import { connectionIdParams } from '../../shared/connections';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { connectionRecords } from './connection-records-deps';

const route = httpRoute('connections/delete-platform');

export const handler = httpHandler({ route, path: connectionIdParams }, async ({ user, path }) => ({
  message: await connectionRecords.disconnect(user, path.id),
}));
