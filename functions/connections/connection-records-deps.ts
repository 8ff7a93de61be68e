import { logger } from '../core/logger';
import { createConnectionRecordsService } from './connection-records-service';

/** The list, check and delete routes' wiring, built once per cold start: no key port, no session check. */
export const connectionRecords = createConnectionRecordsService({ log: logger });
