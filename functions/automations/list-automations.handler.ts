import { httpHandler } from '../core/http-handler';
import { automationList } from './automation-list-deps';

/** `GET /api/automation` (spec part 2 section 7): the user's automations, newest first. */
export const handler = httpHandler({}, async ({ user }) => ({
  status: 'success',
  data: { automations: await automationList.automationsOf(user) },
}));
