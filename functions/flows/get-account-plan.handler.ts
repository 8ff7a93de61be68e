import { connectionIdParams } from '../../shared/connections';
import { httpHandler } from '../core/http-handler';
import { plans } from './plan-deps';

/** `GET /api/users/platforms/{id}/plan`: the connected account's next 24 hours (issue 23 point 4). */
export const handler = httpHandler({ path: connectionIdParams }, async ({ user, path }) => ({
  success: true,
  data: { plan: await plans.ofAccount(user, path.id) },
}));
