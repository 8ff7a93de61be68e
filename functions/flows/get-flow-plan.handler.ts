import { flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { plans } from './plan-deps';

/** `GET /api/flows/{id}/plan`: the next 24 hours of the flow's account, null when none is connected. */
export const handler = httpHandler({ path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  data: { plan: await plans.ofFlow(user, path.id) },
}));
