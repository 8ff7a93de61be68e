import { listJobsQuery } from '../../shared/automations';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { listJobs } from './job-service';

const route = httpRoute('automations/list-jobs');

/** `GET /api/jobs?status&platform&search` (DECISIONS 23): the user's jobs, newest first. */
export const handler = httpHandler({ route, query: listJobsQuery }, async ({ query, user }) => ({
  success: true,
  data: await listJobs(user, query),
}));
