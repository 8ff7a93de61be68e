import { httpHandler } from '../core/http-handler';
import { dashboard } from './dashboard-deps';

/** `GET /api/jobs/dashboard/stats` (spec 2.8, 7: the answer is `data`). */
export const handler = httpHandler({}, async ({ user }) => ({ data: await dashboard.dashboardStats(user) }));
