import { AUTOMATION_TEXTS, startAutomationInput } from '../../shared/automations';
import { httpHandler, respond } from '../core/http-handler';
import { queuePort } from '../core/ports/queue';
import { startAutomation } from './automation-service';

/** `POST /api/automation/start` (spec 5, 7; DECISIONS 2, 3, 20). */
export const handler = httpHandler({ body: startAutomationInput }, async ({ user, body, log }) =>
  respond(201, {
    message: AUTOMATION_TEXTS.started,
    data: { automation: await startAutomation(user, body, { log, queue: queuePort() }) },
  }),
);
