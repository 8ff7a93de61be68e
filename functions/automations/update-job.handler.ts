import { JOB_TEXTS, jobIdParams, updateJobInput } from '../../shared/automations';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { jobs } from './job-deps';

const route = httpRoute('automations/update-job');

/** `PUT /api/jobs/{jobId}` with `{status}` (DECISIONS 23): pause, resume or cancel; anything else is 409. */
export const handler = httpHandler(
  { route, path: jobIdParams, body: updateJobInput },
  async ({ path, body, user }) => {
    const job = await jobs.update(user, path.jobId, body.status);
    return { success: true, message: JOB_TEXTS.updated(job.status), data: { job } };
  },
);
