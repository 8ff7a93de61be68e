import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { schedulerPort } from '../core/ports/scheduler';
import { createJobService } from './job-service';

/** The job routes' wiring (list, pause/resume/cancel), built once per cold start. */
export const jobs = createJobService({
  log: logger,
  now: () => new Date(),
  queue: queuePort(),
  scheduler: schedulerPort(),
});
