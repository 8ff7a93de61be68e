import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { trials } from './trial-deps';

const route = httpRoute('billing/start-trial');

export const handler = httpHandler({ route }, async ({ user }) => {
  const { message, user: updated } = await trials.startTrial(user);
  return { message, data: { user: updated } };
});
