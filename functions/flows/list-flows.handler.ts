import { listFlowsQuery } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flows } from './flow-deps';

const route = httpRoute('flows/list-flows');

/** `GET /api/flows?status=&templateId=` (part 2 section 7): the user's flows, newest first. */
export const handler = httpHandler({ route, query: listFlowsQuery }, async ({ user, query }) => ({
  success: true,
  data: { flows: await flows.list(user, query) },
}));
