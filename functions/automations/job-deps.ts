import { schedulerPort } from '../core/adapters/scheduler-adapter';
import { logger } from '../core/logger';
import { createJobService } from './job-service';

/** The pause and job-update routes' wiring, built once per cold start: the scheduler, no queue. */
export const jobs = createJobService({
  log: logger,
  now: () => new Date(),
  scheduler: schedulerPort(),
});
