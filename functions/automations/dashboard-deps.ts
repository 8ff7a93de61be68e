import { createDashboardService } from './dashboard-service';

/** The dashboard counters route's wiring, built once per cold start. */
export const dashboard = createDashboardService();
