import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { schedulerPort } from '../core/ports/scheduler';
import { createRunDispatchService } from './run-dispatch-service';

/** The run dispatch's wiring (stream handler, sweep task, local relay), built once per cold start. */
export const runDispatch = createRunDispatchService({
  log: logger.child({ component: 'run-dispatch' }),
  queue: queuePort(),
  scheduler: schedulerPort(),
  now: () => new Date(),
});
