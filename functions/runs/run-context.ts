import type { Platform } from '../../shared/platforms';
import type { Logger } from '../core/logger';
import type { Governor } from '../safety/governor';
import type { ProgressReporter } from './progress-reporter';
import type { RunMetrics } from './run-metrics';

/**
 * What a runner receives besides its message (issue 11 point 1): the logger, the time left in this
 * invocation (a runner checkpoints and continues in a new message well before it runs out), a progress
 * reporter for the job, the governor of the account it acts for, and the operators' counters.
 */
export interface RunContext {
  log: Logger;
  remainingMs(): number;
  /** The job's live progress channel (pushes to the owner's subscribed sockets). */
  progressFor(ownerId: string, jobId: string): ProgressReporter;
  governorFor(account: { userId: string; connectionId: string }, platform: Platform): Governor;
  metrics: RunMetrics;
  /** How many times SQS has handed out this message (1 on the first delivery). */
  receiveCount: number;
  /** After this many receives the queue gives up: the last attempt must not leave the job stuck. */
  maxReceiveCount: number;
}
