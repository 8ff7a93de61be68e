import { logger } from '../core/logger';
import { mailPort } from '../core/ports/mail';
import { createPasswordResetService } from './password-reset-service';
import { createRegistrationService } from './registration-service';

/** Only the routes that send e-mail import this file, so only their bundles carry the mail client. */
export const registration = createRegistrationService({ mail: mailPort(), log: logger });
export const passwordReset = createPasswordResetService({ mail: mailPort(), log: logger });
