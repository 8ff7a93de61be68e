import { listJobsQuery } from '../../shared/automations';
import { httpHandler } from '../core/http-handler';
import { jobs } from './job-deps';

/** `GET /api/jobs?status&platform&search` (DECISIONS 23): the user's jobs, newest first. */
export const handler = httpHandler({ query: listJobsQuery }, async ({ query, user }) => ({
  success: true,
  data: { jobs: await jobs.list(user, query) },
}));
