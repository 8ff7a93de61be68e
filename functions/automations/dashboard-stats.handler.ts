import { httpHandler } from '../core/http-handler';
import { httpRoute } from '../routes';
import { dashboard } from './dashboard-deps';

const route = httpRoute('automations/dashboard-stats');

/** `GET /api/jobs/dashboard/stats` (spec 2.8, 7: the answer is `data`). */
export const handler = httpHandler({ route }, async ({ user }) => ({
  data: await dashboard.dashboardStats(user),
}));
