import { keysPort } from '../core/adapters/keys-adapter';
import { logger } from '../core/logger';
import { createRunResumer } from '../jobs/job-state';
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
