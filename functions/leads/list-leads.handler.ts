import { jobIdParams, leadsPageQuery } from '../../shared/automations';
import { httpHandler } from '../core/http-handler';
import { leads } from './leads-deps';

/** `GET /api/automation/leads/{jobId}?page&limit&after` (part 2 section 7). */
export const handler = httpHandler({ path: jobIdParams, query: leadsPageQuery }, ({ path, query, user }) =>
  leads.page(user, path.jobId, query.page, query.limit, query.after),
);
