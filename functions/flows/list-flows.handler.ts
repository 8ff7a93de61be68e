import { listFlowsQuery } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { flows } from './flow-deps';

/** `GET /api/flows?status=&templateId=` (part 2 section 7): the user's flows, newest first. */
export const handler = httpHandler({ query: listFlowsQuery }, async ({ user, query }) => ({
  success: true,
  data: { flows: await flows.list(user, query) },
}));
