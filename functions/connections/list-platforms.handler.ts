import { httpHandler } from '../core/http-handler';
import { connectionRecords } from './connection-records-deps';

export const handler = httpHandler({}, async ({ user }) => ({
  data: { platforms: await connectionRecords.listPlatforms(user) },
}));
