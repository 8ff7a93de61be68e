import { FLOW_API_TEXTS, flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flows } from './flow-deps';

const route = httpRoute('flows/pause-flow');

/** `POST /api/flows/{id}/pause`: only an ACTIVE flow (part 2 section 4); its schedule goes. */
export const handler = httpHandler({ route, path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  message: FLOW_API_TEXTS.paused,
  data: { flow: await flows.pause(user, path.id) },
}));
