import { logger } from '../core/logger';
import { realtimePort } from '../core/ports/realtime';
import { createRealtimeService } from '../realtime/realtime-service';
import { createSessionService } from './session-service';

/** The session routes' wiring, built once per cold start; the routes that mail have theirs (mail-deps.ts). */
export const sessions = createSessionService({
  log: logger,
  now: () => new Date(),
  sockets: createRealtimeService({ push: realtimePort() }),
});
