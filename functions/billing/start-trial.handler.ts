import { httpHandler } from '../core/http-handler';
import { trials } from './trial-deps';

export const handler = httpHandler({}, async ({ user }) => {
  const { message, user: updated } = await trials.startTrial(user);
  return { message, data: { user: updated } };
});
