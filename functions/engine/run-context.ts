import type { EnrichmentState } from '../../shared/automations-values';
import type { Platform } from '../../shared/platforms';
import type { Logger } from '../core/logger';
import type { RunCounters, RunCursor, RunEnd, StoredProgress } from '../jobs/job-state';
import type { PlatformPage } from '../platforms/browser';
import type { BudgetAccount } from '../safety/budget-service';
import type { GovernedAction } from '../safety/budgets';
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
  /** `timeZone`: the account's (DECISIONS 29), whose midnight and Monday reset its budgets. */
  governorFor(account: BudgetAccount, platform: Platform, timeZone?: string | null): Governor;
  metrics: RunMetrics;
  /** How many times SQS has handed out this message (1 on the first delivery). */
  receiveCount: number;
  /** After this many receives the queue gives up: the last attempt must not leave the job stuck. */
  maxReceiveCount: number;
}

/** The job's state a handler reads and moves: where it stands, what it counted, its progress. */
export interface SegmentState {
  cursor: RunCursor;
  counters: RunCounters;
  /** Leads of the automation, exact (new ones this job stored are added). */
  totalLeads: number;
  /** How much of the lead count shards' sum `totalLeads` includes (added to with it). */
  countedLeads: number;
  enrichment?: EnrichmentState;
  progress: StoredProgress;
}

/**
 * How a handler's part of a segment ended: its work is done (the next handler, or the job, goes on),
 * the invocation runs short (the job continues in its next segment), a budget is used up (the job waits),
 * or the job ends here.
 */
export type HandlerStep =
  | { kind: 'done' }
  | { kind: 'continue' }
  | { kind: 'wait'; action: GovernedAction; until: Date; remaining: number }
  | { kind: 'end'; end: RunEnd };

/**
 * Everything a run handler gets (issue 19 point 4), whatever its kind: the job's config and state, the
 * platform page, the account's governor, progress, the clock and the time left. A handler imports no
 * repository: what it stores and reads goes through its context.
 */
export interface SegmentContextBase {
  readonly config: Record<string, unknown>;
  readonly state: SegmentState;
  readonly page: PlatformPage;
  readonly governor: Governor;
  now(): Date;
  /** False once the invocation is too close to its end to start more work. */
  hasTime(): boolean;
  /** Reports the job's stage and message with its progress (pushed live, kept in the stage history). */
  report(stage: string, message: string): void;
  /** Saves the job's state: a later segment or a retry continues from here. */
  save(): Promise<void>;
  /**
   * Saves the job's state when the segment's last save is CHECKPOINT_EVERY_MS old (or none was made yet
   * this segment): for work that advances many times a second at zero pacing, where a save per step would
   * write the job item as often (issue 38 point 3). What is done after the last save is done again after a
   * crash, so a step must be safe to redo; the segment's end, hand-over and release save in any case.
   */
  saveIfDue(): Promise<void>;
  metrics: RunMetrics;
}

/** A kind of work a job does in a segment (one stage or more of its kind). */
export interface RunHandler<C extends SegmentContextBase> {
  run(context: C): Promise<HandlerStep>;
}

export type { RunCounters, RunCursor, RunEnd, StoredProgress };
