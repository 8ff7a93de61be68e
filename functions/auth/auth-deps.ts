import { logger } from '../core/logger';
import { createSessionService } from './session-service';

/** The services with this process's adapters, built once per cold start; mail routes build their own. */
export const sessions = createSessionService({ log: logger });
