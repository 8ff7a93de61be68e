import { FLOW_API_TEXTS, flowIdParams, renameFlowInput } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { flows } from './flow-deps';

/** `PATCH /api/flows/{id}` (issue 36 point 7): the flow's new name; a taken one gets ' (2)'. */
export const handler = httpHandler(
  { path: flowIdParams, body: renameFlowInput },
  async ({ user, path, body }) => ({
    success: true,
    message: FLOW_API_TEXTS.renamed,
    data: { flow: await flows.rename(user, path.id, body.name) },
  }),
);
