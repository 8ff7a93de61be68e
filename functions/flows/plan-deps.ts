import { createPlanService } from './plan-service';

/** The plan routes' wiring, built once per cold start. */
export const plans = createPlanService({ now: () => new Date() });
