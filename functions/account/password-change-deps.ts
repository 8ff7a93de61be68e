import { logger } from '../core/logger';
import { realtimePort } from '../core/ports/realtime';
import { createSessionSocketsService } from '../realtime/session-sockets-service';
import { createPasswordChangeService } from './password-change-service';

/** The password change route's wiring (apart, so only its bundle carries the common-password list). */
export const passwordChange = createPasswordChangeService({
  log: logger,
  now: () => new Date(),
  sockets: createSessionSocketsService({ push: realtimePort() }),
});
