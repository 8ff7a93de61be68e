import { prospectParams } from '../../shared/flow-insights';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flowInsights } from './flow-insights-deps';

const route = httpRoute('flows/get-flow-prospect');

/** `GET /api/flows/{id}/prospects/{prospectId}` (part 2 section 7). */
export const handler = httpHandler({ route, path: prospectParams }, async ({ user, path }) => ({
  success: true,
  data: { prospect: await flowInsights.prospect(user, path.id, path.prospectId) },
}));
