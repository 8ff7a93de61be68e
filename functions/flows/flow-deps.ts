import { schedulerPort } from '../core/adapters/scheduler-adapter';
import { logger } from '../core/logger';
import { createFlowService } from './flow-service';
import { findFlowTemplate } from './templates/registry';

/**
 * The flow routes' wiring, built once per cold start: the scheduler (pause, resume and stop move the
 * flow's schedule), no queue (the run dispatch sends every run message). A start has its own
 * (flow-start-deps.ts).
 */
export const flows = createFlowService({
  log: logger,
  now: () => new Date(),
  scheduler: schedulerPort(),
  templates: { find: findFlowTemplate },
});
