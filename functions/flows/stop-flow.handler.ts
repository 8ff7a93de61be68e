import { FLOW_API_TEXTS, flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flows } from './flow-deps';

const route = httpRoute('flows/stop-flow');

/** `DELETE /api/flows/{id}`: stops the flow for good (DECISIONS 15, 24); it stays listed as COMPLETED. */
export const handler = httpHandler({ route, path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  message: FLOW_API_TEXTS.stopped,
  data: { flow: await flows.stop(user, path.id) },
}));
