import { FLOW_API_TEXTS, flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flows } from './flow-deps';

const route = httpRoute('flows/execute-flow');

/** `POST /api/flows/{id}/execute`: a run now (DECISIONS 27): 409 while one runs; a trial counts to 3 (DECISIONS 4). */
export const handler = httpHandler({ route, path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  message: FLOW_API_TEXTS.executionStarted,
  data: { flow: await flows.execute(user, path.id) },
}));
