import { httpHandler } from '../core/http-handler';
import { startTrial } from './trial-service';

export const handler = httpHandler({}, async ({ user, log }) => {
  const { message, user: updated } = await startTrial(user, { log });
  return { message, data: { user: updated } };
});
