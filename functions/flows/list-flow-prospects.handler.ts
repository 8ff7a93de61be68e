import { flowIdParams } from '../../shared/flow-api';
import { prospectsQuery } from '../../shared/flow-insights';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flowInsights } from './flow-insights-deps';

const route = httpRoute('flows/list-flow-prospects');

/** `GET /api/flows/{id}/prospects?page&limit&status&search&cursor` (part 2 section 7). */
export const handler = httpHandler(
  { route, path: flowIdParams, query: prospectsQuery },
  async ({ user, path, query }) => ({
    status: 'success',
    data: await flowInsights.prospects(user, path.id, query),
  }),
);
