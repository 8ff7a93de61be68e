import { jobIdParams, leadsPageQuery } from '../../shared/automations';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { leads } from './leads-deps';

const route = httpRoute('leads/list-leads');

/** `GET /api/automation/leads/{jobId}?page&limit&after` (part 2 section 7). */
export const handler = httpHandler(
  { route, path: jobIdParams, query: leadsPageQuery },
  ({ path, query, user }) => leads.page(user, path.jobId, query.page, query.limit, query.after),
);
