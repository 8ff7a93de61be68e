import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { automationList } from './automation-list-deps';

const route = httpRoute('automations/list-automations');

/** `GET /api/automation` (spec part 2 section 7): the user's automations, newest first. */
export const handler = httpHandler({ route }, async ({ user }) => ({
  status: 'success',
  data: { automations: await automationList.automationsOf(user) },
}));
