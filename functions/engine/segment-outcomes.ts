import type { PlatformSessions } from '../connections/platform-sessions';
import type { SchedulerPort } from '../core/ports/scheduler';

/**
 * What the segment runner (segment-runner.ts) and the run service (run-service.ts) share: the
 * runner's dependencies, its timing margins, and the outcomes a run message can have.
 */
export interface RunDeps {
  now: () => Date;
  /**
   * A recurring automation that pauses itself (three failed runs in a row) loses its schedule; a tick
   * that finds a job still going puts its next one's schedule.
   */
  scheduler: Pick<SchedulerPort, 'remove' | 'put'>;
  /** The connected accounts' platform sessions: the runner asks them, and reports what the platform did. */
  sessions: PlatformSessions;
  /** Hand over to the next message when less than this is left (default SEGMENT_MARGIN_MS). */
  segmentMarginMs?: number;
  /** How long the lease outlives the invocation (default LEASE_EXTRA_MS). */
  leaseExtraMs?: number;
}

/** A segment hands over to the next message when less than this is left of its invocation. */
export const SEGMENT_MARGIN_MS = 45_000;
/**
 * Work that advances many times a second (a list read at zero pacing) saves its checkpoint at most this
 * often (RunContext's saveIfDue); at a real pace each step is slower than this and saves as it goes.
 */
export const CHECKPOINT_EVERY_MS = 2_000;
/** The lease outlives the invocation by this much, so a crashed worker's run is free again soon after. */
export const LEASE_EXTRA_MS = 30_000;

export type RunOutcome =
  | 'not-claimed'
  /** A tick created the automation's next job; the run dispatch sends its message. */
  | 'scheduled'
  /** Another lease holds the segment: it is back on the unsent index, sent again when the lease ends. */
  | 'lease-held'
  | 'completed'
  | 'continued'
  | 'waiting'
  | 'paused'
  | 'failed'
  /**
   * The last attempt failed and so did ending the job: released, it is left to the stalled-job sweep,
   * which sends its segment again (run-dispatch-service.ts).
   */
  | 'stalled'
  | 'lease-lost';
