import { httpHandler } from '../core/http-handler';
import { automationsOf } from './automation-service';

/** `GET /api/automation` (spec part 2 section 7): the user's automations, newest first. */
export const handler = httpHandler({}, async ({ user }) => ({
  status: 'success',
  data: { automations: await automationsOf(user) },
}));
