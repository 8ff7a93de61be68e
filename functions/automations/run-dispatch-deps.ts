import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { createRunDispatchService } from './run-dispatch-service';

/** The dispatch-unsent-automations task's wiring, built once per cold start. */
export const runDispatch = createRunDispatchService({
  log: logger.child({ task: 'dispatch-unsent-automations' }),
  queue: queuePort(),
  now: () => new Date(),
});
