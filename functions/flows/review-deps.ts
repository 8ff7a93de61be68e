import { logger } from '../core/logger';
import { createReviewService } from './review-service';

/** The review queue routes' wiring, built once per cold start. */
export const review = createReviewService({ log: logger, now: () => new Date() });
