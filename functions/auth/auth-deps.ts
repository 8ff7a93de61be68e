import { logger } from '../core/logger';
import { mailPort } from '../core/ports/mail';
import { createAuthService } from './auth-service';

/** The auth service with this process's adapters, built once per cold start. */
export const authService = createAuthService({ mail: mailPort(), log: logger });
