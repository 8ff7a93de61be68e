import { JOB_TEXTS, runJobInput } from '../../shared/automations';
import { httpHandler, respond } from '../core/http-handler';
import { automations } from './automation-deps';

/** `POST /api/jobs` with `{automationId}` (DECISIONS 23): a finished automation runs again. */
export const handler = httpHandler({ body: runJobInput }, async ({ body, user }) =>
  respond(201, {
    success: true,
    message: JOB_TEXTS.runAgain,
    data: { job: await automations.runAgainAsJob(user, body.automationId) },
  }),
);
