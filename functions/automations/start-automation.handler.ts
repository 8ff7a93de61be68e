import { AUTOMATION_TEXTS, startAutomationInput } from '../../shared/automations';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { automations } from './automation-deps';

const route = httpRoute('automations/start-automation');

/** `POST /api/automation/start` (spec 5, 7; DECISIONS 2, 3, 20). */
export const handler = httpHandler({ route, body: startAutomationInput }, async ({ user, body }) =>
  respond(201, {
    message: AUTOMATION_TEXTS.started,
    data: { automation: await automations.startAutomation(user, body) },
  }),
);
