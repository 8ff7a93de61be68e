import { AUTOMATION_TEXTS, automationIdParams } from '../../shared/automations';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { jobs } from './job-deps';

const route = httpRoute('automations/pause-automation');

/** `POST /api/automation/{id}/pause` (part 2 sections 4, 7): only an active automation. */
export const handler = httpHandler({ route, path: automationIdParams }, async ({ path, user }) => ({
  success: true,
  message: AUTOMATION_TEXTS.paused,
  data: { automation: await jobs.pause(user, path.id) },
}));
