import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { connectionRecords } from './connection-records-deps';

const route = httpRoute('connections/list-platforms');

export const handler = httpHandler({ route }, async ({ user }) => ({
  data: { platforms: await connectionRecords.listPlatforms(user) },
}));
