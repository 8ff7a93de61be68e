import { flowIdParams } from '../../shared/flow-api';
import { prospectsQuery } from '../../shared/flow-insights';
import { httpHandler } from '../core/http-handler';
import { flowInsights } from './flow-insights-deps';

/** `GET /api/flows/{id}/prospects?page&limit&status&search&cursor` (part 2 section 7). */
export const handler = httpHandler(
  { path: flowIdParams, query: prospectsQuery },
  async ({ user, path, query }) => ({
    status: 'success',
    data: await flowInsights.prospects(user, path.id, query),
  }),
);
