import { JOB_TEXTS, runJobInput } from '../../shared/automations';
import { httpHandler, respond } from '../core/http-handler';
import { httpRoute } from '../routes';
import { automations } from './automation-deps';

const route = httpRoute('automations/run-job');

/** `POST /api/jobs` with `{automationId}` (DECISIONS 23): a finished automation runs again. */
export const handler = httpHandler({ route, body: runJobInput }, async ({ body, user }) =>
  respond(201, {
    success: true,
    message: JOB_TEXTS.runAgain,
    data: { job: await automations.runAgainAsJob(user, body.automationId) },
  }),
);
