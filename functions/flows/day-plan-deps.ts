import { createDayPlanService } from './day-plan-route-service';

/** The day plan routes' wiring, built once per cold start. */
export const dayPlans = createDayPlanService({ now: () => new Date() });
