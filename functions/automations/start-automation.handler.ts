import { AUTOMATION_TEXTS, startAutomationInput } from '../../shared/automations';
import { httpHandler, respond } from '../core/http-handler';
import { automations } from './automation-deps';

/** `POST /api/automation/start` (spec 5, 7; DECISIONS 2, 3, 20). */
export const handler = httpHandler({ body: startAutomationInput }, async ({ user, body }) =>
  respond(201, {
    message: AUTOMATION_TEXTS.started,
    data: { automation: await automations.startAutomation(user, body) },
  }),
);
