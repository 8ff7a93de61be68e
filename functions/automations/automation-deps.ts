import { createConnectionRecordsService } from '../connections/connection-records-service';
import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { schedulerPort } from '../core/ports/scheduler';
import { createAutomationService } from './automation-service';
import { createRunDispatchService } from './run-dispatch-service';

/** The start route's wiring, built once per cold start (the sweep's: run-dispatch-deps.ts). */
const now = () => new Date();
export const automations = createAutomationService({
  log: logger,
  now,
  runs: createRunDispatchService({ log: logger, queue: queuePort(), now }),
  connections: createConnectionRecordsService({ log: logger }),
  scheduler: schedulerPort(),
});
