import { httpHandler } from '../core/http-handler';
import { automationList } from './automation-list-deps';

/** `GET /api/automation/queue` (part 2 section 7): what waits and runs, and where the user stands. */
export const handler = httpHandler({}, async ({ user }) => ({
  success: true,
  data: await automationList.queueStatus(user),
}));
