import { httpHandler } from '../core/http-handler';
import { listPlatforms } from './connection-service';

export const handler = httpHandler({}, async ({ user }) => ({
  data: { platforms: await listPlatforms(user) },
}));
