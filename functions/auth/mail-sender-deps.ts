import { mailPort } from '../core/adapters/mail-adapter';
import { logger } from '../core/logger';
import { createMailJobRunner } from './mail-jobs';

/** The mail worker's wiring, built once per cold start: the mail port picks its adapter per send. */
export const runMailJob = createMailJobRunner({ mail: mailPort(), log: logger, now: () => new Date() });
