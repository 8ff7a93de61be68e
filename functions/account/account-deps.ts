import { mailPort } from '../core/adapters/mail-adapter';
import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { createAccountService } from './account-service';

/** The account-deletion route's wiring, built once per cold start (the profile's: profile-deps.ts). */
export const account = createAccountService({
  log: logger,
  queue: queuePort(),
  mail: mailPort(),
});
