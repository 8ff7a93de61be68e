import { flowIdParams } from '../../shared/flow-api';
import { activitiesQuery } from '../../shared/flow-insights';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flowInsights } from './flow-insights-deps';

const route = httpRoute('flows/list-flow-activities');

/** `GET /api/flows/{id}/activities?page&limit&type&status&search&cursor` (part 2 section 7). */
export const handler = httpHandler(
  { route, path: flowIdParams, query: activitiesQuery },
  async ({ user, path, query }) => ({
    status: 'success',
    data: await flowInsights.activities(user, path.id, query),
  }),
);
