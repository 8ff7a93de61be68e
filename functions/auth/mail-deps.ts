import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { realtimePort } from '../core/ports/realtime';
import { createRealtimeService } from '../realtime/realtime-service';
import { queuedMailJobs } from './mail-jobs';
import { createPasswordResetService } from './password-reset-service';
import { createRegistrationService } from './registration-service';

/**
 * Only the routes that mail import this file, built once per cold start. They queue the mail
 * (mail-jobs.ts) and the mail worker sends it, so these bundles carry the SQS client, not the mail one.
 */
const mailJobs = queuedMailJobs(queuePort());
const now = () => new Date();
export const registration = createRegistrationService({ mailJobs, log: logger, now });
export const passwordReset = createPasswordResetService({
  mailJobs,
  log: logger,
  now,
  sockets: createRealtimeService({ push: realtimePort() }),
});
