import { createSocketRecordsService } from './socket-records-service';

/** The $connect and $disconnect routes' wiring, built once per cold start: no push port. */
export const socketRecords = createSocketRecordsService();
