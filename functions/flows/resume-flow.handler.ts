import { FLOW_API_TEXTS, flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flows } from './flow-deps';

const route = httpRoute('flows/resume-flow');

/** `POST /api/flows/{id}/resume`: a PAUSED flow: between runs it waits for its next slot, during a run it continues. */
export const handler = httpHandler({ route, path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  message: FLOW_API_TEXTS.resumed,
  data: { flow: await flows.resume(user, path.id) },
}));
