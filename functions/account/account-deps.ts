import { logger } from '../core/logger';
import { realtimePort } from '../core/ports/realtime';
import { createRealtimeService } from '../realtime/realtime-service';
import { createAccountService } from './account-service';

/** The profile and account-deletion routes' wiring, built once per cold start. */
export const account = createAccountService({
  log: logger,
  sockets: createRealtimeService({ push: realtimePort() }),
});
