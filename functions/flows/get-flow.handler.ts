import { flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { flows } from './flow-deps';

const route = httpRoute('flows/get-flow');

/** `GET /api/flows/{id}` (part 2 section 7); another user's flow is not found. */
export const handler = httpHandler({ route, path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  data: { flow: await flows.get(user, path.id) },
}));
