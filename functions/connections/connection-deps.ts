import { logger } from '../core/logger';
import { keysPort } from '../core/ports/keys';
import { createRunResumer } from '../jobs/resume-service';
import { checkPlatformSession } from '../platforms/session-check';
import { createConnectionService } from './connection-service';

/** The validate, sync and sandbox-connect routes' wiring, built once per cold start. */
export const connections = createConnectionService({
  log: logger,
  keys: keysPort(),
  now: () => new Date(),
  check: checkPlatformSession,
  resume: createRunResumer({ log: logger, now: () => new Date() }),
});
