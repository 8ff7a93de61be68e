import { listJobsQuery } from '../../shared/automations';
import { httpHandler } from '../core/http-handler';
import { listJobs } from './job-service';

/** `GET /api/jobs?status&platform&search` (DECISIONS 23): the user's jobs, newest first. */
export const handler = httpHandler({ query: listJobsQuery }, async ({ query, user }) => ({
  success: true,
  data: await listJobs(user, query),
}));
