import { schedulerPort } from '../core/adapters/scheduler-adapter';
import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { createRunDispatchService } from '../engine/run-dispatch-service';
import { RUN_KINDS } from './run-kinds';

/** The run dispatch's wiring (stream handler, sweep task, local relay), built once per cold start. */
export const runDispatch = createRunDispatchService({
  log: logger.child({ component: 'run-dispatch' }),
  queue: queuePort(),
  scheduler: schedulerPort(),
  now: () => new Date(),
  kinds: RUN_KINDS,
});
