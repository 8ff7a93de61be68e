import { flowIdParams } from '../../shared/flow-api';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { dayPlans } from './day-plan-deps';

const route = httpRoute('flows/get-flow-plan');

/** `GET /api/flows/{id}/plan`: the next 24 hours of the flow's account, null when none is connected. */
export const handler = httpHandler({ route, path: flowIdParams }, async ({ user, path }) => ({
  success: true,
  data: { plan: await dayPlans.ofFlow(user, path.id) },
}));
