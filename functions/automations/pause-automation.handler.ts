import { AUTOMATION_TEXTS, automationIdParams } from '../../shared/automations';
import { httpHandler } from '../core/http-handler';
import { jobs } from './job-deps';

/** `POST /api/automation/{id}/pause` (part 2 sections 4, 7): only an active automation. */
export const handler = httpHandler({ path: automationIdParams }, async ({ path, user }) => ({
  success: true,
  message: AUTOMATION_TEXTS.paused,
  data: { automation: await jobs.pause(user, path.id) },
}));
