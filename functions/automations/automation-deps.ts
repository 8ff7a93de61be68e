import { createConnectionRecordsService } from '../connections/connection-records-service';
import { logger } from '../core/logger';
import { createAutomationService } from './automation-service';

/**
 * The start and run-again routes' wiring, built once per cold start. They only write: the run dispatch
 * sends the message and puts a schedule (run-dispatch-deps.ts), so no queue or scheduler client loads here.
 */
export const automations = createAutomationService({
  log: logger,
  now: () => new Date(),
  connections: createConnectionRecordsService({ log: logger }),
});
