import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { automationList } from './automation-list-deps';

const route = httpRoute('automations/automation-queue');

/** `GET /api/automation/queue` (part 2 section 7): what waits and runs, and where the user stands. */
export const handler = httpHandler({ route }, async ({ user }) => ({
  success: true,
  data: await automationList.queueStatus(user),
}));
