import { logger } from '../core/logger';
import { schedulerPort } from '../core/ports/scheduler';
import { createJobService } from './job-service';

/** The pause and job-update routes' wiring, built once per cold start: the scheduler, no queue. */
export const jobs = createJobService({
  log: logger,
  now: () => new Date(),
  scheduler: schedulerPort(),
});
