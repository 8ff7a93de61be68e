import { FLOW_API_TEXTS, flowIdParams, renameFlowInput } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flows } from './flow-deps';

const route = httpRoute('flows/rename-flow');

/** `PATCH /api/flows/{id}` (issue 36 point 7): the flow's new name; a taken one gets ' (2)'. */
export const handler = httpHandler(
  { route, path: flowIdParams, body: renameFlowInput },
  async ({ user, path, body }) => ({
    success: true,
    message: FLOW_API_TEXTS.renamed,
    data: { flow: await flows.rename(user, path.id, body.name) },
  }),
);
