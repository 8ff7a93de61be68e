import { realtimePort } from '../core/ports/realtime';
import { createRealtimeService } from './realtime-service';

/** The WebSocket routes' wiring, built once per cold start. */
export const realtime = createRealtimeService({ push: realtimePort() });
