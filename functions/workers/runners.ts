import type { RunMessage } from '../../shared/queue-messages';
import type { Logger } from '../core/logger';

/**
 * Runners by message kind. A runner must be idempotent on `message.runId`: SQS delivers at least once.
 * The engine issues register the trob and flow runners here.
 */
export type Runner = (message: RunMessage, log: Logger) => Promise<void>;

export const runners: Record<string, Runner> = {};
