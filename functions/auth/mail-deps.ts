import { logger } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { queuedMailJobs } from './mail-jobs';
import { createPasswordResetMailService } from './password-reset-service';
import { createRegistrationService, createVerificationMailService } from './registration-service';

/**
 * Only the routes that mail import this file, built once per cold start. They queue the mail
 * (mail-jobs.ts) and the mail worker sends it, so these bundles carry the SQS client, not the mail one.
 * Each service is built `@__PURE__`, so a route's bundle drops the ones its route does not import (the
 * registration's password checks stay out of the others).
 */
const mailJobs = /* @__PURE__ */ queuedMailJobs(/* @__PURE__ */ queuePort());
export const registration = /* @__PURE__ */ createRegistrationService({
  mailJobs,
  log: logger,
  now: () => new Date(),
});
export const verificationMail = /* @__PURE__ */ createVerificationMailService({ mailJobs });
export const passwordResetMail = /* @__PURE__ */ createPasswordResetMailService({ mailJobs });
