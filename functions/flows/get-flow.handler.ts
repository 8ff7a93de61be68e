import { flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { flows } from './flow-deps';

/** `GET /api/flows/{id}` (part 2 section 7); another user's flow is not found. */
export const handler = httpHandler({ path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  data: { flow: await flows.get(user, path.id) },
}));
