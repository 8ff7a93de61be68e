import { logger } from '../core/logger';
import { createTrialService } from './trial-service';

/** The trial route's wiring: apart from billing-deps.ts so its bundle carries no payments code. */
export const trials = createTrialService({ log: logger, now: () => new Date() });
