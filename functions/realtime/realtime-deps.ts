import { realtimePort } from '../core/ports/realtime';
import { createRealtimeService } from './realtime-service';

/** The subscribe route's wiring, built once per cold start ($connect/$disconnect: socket-records-deps.ts). */
export const realtime = createRealtimeService({ push: realtimePort() });
