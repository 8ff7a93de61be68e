import { logger } from '../core/logger';
import { schedulerPort } from '../core/ports/scheduler';
import { createPauseService } from './job-service';

/** The pause route's wiring, built once per cold start: the scheduler only. */
export const automationPause = createPauseService({
  log: logger,
  now: () => new Date(),
  scheduler: schedulerPort(),
});
