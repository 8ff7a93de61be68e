import { connectionIdParams } from '../../shared/connections';
import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { dayPlans } from './day-plan-deps';

const route = httpRoute('flows/get-account-plan');

/** `GET /api/users/platforms/{id}/plan`: the connected account's next 24 hours (issue 23 point 4). */
export const handler = httpHandler({ route, path: connectionIdParams }, async ({ user, path }) => ({
  success: true,
  data: { plan: await dayPlans.ofAccount(user, path.id) },
}));
