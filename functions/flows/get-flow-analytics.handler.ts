import { flowIdParams } from '../../shared/flow-api';
import { analyticsQuery } from '../../shared/flow-insights';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flowInsights } from './flow-insights-deps';

const route = httpRoute('flows/get-flow-analytics');

/** `GET /api/flows/{id}/analytics?period=7d|30d|90d` (part 2 section 7). */
export const handler = httpHandler(
  { route, path: flowIdParams, query: analyticsQuery },
  async ({ user, path, query }) => ({
    success: true,
    data: { analytics: await flowInsights.analytics(user, path.id, query.period) },
  }),
);
