import { createFlowInsightsService } from './flow-insights-service';

/** The flow insight routes' wiring, built once per cold start. */
export const flowInsights = createFlowInsightsService({ now: () => new Date() });
