import type { CompletenessReport } from '../../shared/automations-values';
import type { RunMessage, SegmentMessage } from '../../shared/run-messages';
import type { PlatformSession } from '../connections/platform-sessions';
import type { ScheduleSpec } from '../core/ports/scheduler';
import type { QueueName } from '../core/queues';
import type { StoredAutomation } from '../jobs/automation-item';
import type { UnsentAutomation } from '../jobs/job-state';
import type { PlatformStopReason } from '../platforms/driver-types';
import type { GovernedAction } from '../safety/budgets';
import type { HandlerStep, RunContext, SegmentContextBase, SegmentState } from './run-context';
import type { RunMetrics } from './run-metrics';
import type { RunDeps, RunOutcome } from './segment-outcomes';

/**
 * What the segment runner asks of a kind of job (issue 37 point 2): the engine knows no kind. Each kind
 * lives in its own domain and is registered where the run worker is wired (functions/workers/run-kinds.ts);
 * the runner owns everything they share (claim, page, deadline, waits, checkpoint, continuation, end).
 */
export interface RunKind {
  /** The queue its run messages ride. */
  queue: QueueName;
  /**
   * What the run dispatch sends for a job of this kind waiting on the unsent index (run-dispatch-service.ts):
   * its run message, and the schedule a job that starts or resumes puts before it (none: it has none).
   */
  outgoing(unsent: UnsentAutomation, now: Date): { message: SegmentMessage; startSchedule?: ScheduleSpec };
  /**
   * This job's run, or why it cannot run (its template gone, no driver for it): the job fails for good
   * with that message. Each kind checks what its own run needs.
   */
  setup(input: KindInput): Promise<KindRun | KindRefusal>;
  /** When a recurring job of this kind runs next, once this one ends (undefined: it does not recur). */
  nextRunAt(automation: StoredAutomation, now: Date): string | undefined;
  /** The schedule an automation of this kind loses when it pauses itself. */
  scheduleName(automationId: string): string;
  /** The automation's schedule fired: its next job starts, or the tick is dropped. */
  tick(message: TickMessage, ctx: RunContext, deps: Pick<RunDeps, 'now' | 'scheduler'>): Promise<RunOutcome>;
  /** Brings the job's state up to date before it runs and before it ends (a trob's lead count). */
  settle?(job: JobOf, state: SegmentState): Promise<void>;
  /** A segment lost its lease: what the kind settles now (a job that is not claimed again). */
  afterLeaseLost?(job: JobOf): Promise<void>;
}

/**
 * The run message of a job waiting on the unsent index, whatever its kind: segment 0 for a new job, the
 * segment after the last one run when it continues, runs again or resumes (`queuedSegment`). A one-off
 * automation's first job has the automation's id.
 */
export function segmentMessageOf<K extends SegmentMessage['kind']>(
  kind: K,
  unsent: UnsentAutomation,
): Extract<SegmentMessage, { kind: K }> {
  return {
    kind,
    jobId: unsent.jobId ?? unsent.id,
    automationId: unsent.id,
    workspaceId: unsent.workspaceId,
    segment: unsent.queuedSegment ?? 0,
  } as Extract<SegmentMessage, { kind: K }>;
}

/** A job its kind cannot run: it fails for good with this message. */
export interface KindRefusal {
  refused: string;
}

/** One segment of a job, as its kind runs it. */
export interface KindRun {
  landingPath: string;
  wallAt(url: string): PlatformStopReason | undefined;
  /** Runs the kind's handler with the runner's context. */
  run(base: SegmentContextBase): Promise<HandlerStep>;
  /** The action a platform's 429 rests. */
  restAction(state: SegmentState): GovernedAction;
  /** What the job kept, when the platform stops it. */
  report(state: SegmentState): CompletenessReport | undefined;
  /** How many units of work are left (a budget wait's forecast). */
  remaining(state: SegmentState, config: Record<string, unknown>): number;
}

export interface KindInput {
  /** The workspace whose job it is (its owner's user id). */
  workspaceId: string;
  jobId: string;
  automation: StoredAutomation;
  /** The connected account's platform session (functions/connections/platform-sessions.ts). */
  session: PlatformSession;
  now: () => Date;
  metrics: RunMetrics;
  /** This segment's lease token: a flow's writes are claimed under it. */
  token: string;
  /** When this segment's lease ends: a flow's writes are leased no longer (issue 35 point 1). */
  leaseUntil: Date;
}

/** The automation a job belongs to, under its workspace. */
export interface JobOf {
  workspaceId: string;
  automationId: string;
}

export type TickMessage = Exclude<RunMessage, SegmentMessage>;

/** The kinds of job, by the kind of their segment messages, of their ticks and of their automation item. */
export interface RunKinds {
  segments: Record<SegmentMessage['kind'], RunKind>;
  ticks: Record<TickMessage['kind'], RunKind>;
  /** By the automation item's `kind` (undefined for the items of the first kind, stored without one). */
  automation(kind: string | undefined): RunKind;
}
