import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { schedulerPort } from '../core/ports/scheduler';
import { createJobService } from './job-service';

/** The job update route's wiring (pause, resume or cancel a job), built once per cold start. */
export const jobs = createJobService({
  log: logger,
  now: () => new Date(),
  queue: queuePort(),
  scheduler: schedulerPort(),
});
