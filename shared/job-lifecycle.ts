import { AUTOMATION_STATUSES, type AutomationStatus } from './automations-values';

/**
 * The one lifecycle of an automation and its current job (issue 19 point 2; part 2 section 4;
 * DECISIONS 23 and 25): which status may follow which, and who may make the move. The backend's
 * status writes and the web app's lists read only this table and the sets below.
 *
 * Who moves a status:
 * - **user**: a request of the automation's owner (start, run again, pause, resume, cancel);
 * - **engine**: the run engine (a worker claims, finishes, fails or pauses a job; a re-sync resumes a
 *   job the platform stopped);
 * - **scheduler**: a recurring automation's tick starts its next job.
 */
export type LifecycleActor = 'user' | 'engine' | 'scheduler';

/** Where a new automation starts (its first job waits for a worker). */
export const INITIAL_STATUS: AutomationStatus = 'pending';

export interface LifecycleMove {
  from: AutomationStatus;
  to: AutomationStatus;
  by: LifecycleActor;
  /** What the move is, in a few words (the 409 and the tests name it). */
  what: string;
}

export const LIFECYCLE: readonly LifecycleMove[] = [
  // The engine runs a job.
  { from: 'pending', to: 'running', by: 'engine', what: 'a worker claims the job' },
  { from: 'running', to: 'completed', by: 'engine', what: 'a one-off job ends' },
  {
    from: 'running',
    to: 'active',
    by: 'engine',
    what: "a recurring automation's run ends; it waits for its next tick",
  },
  { from: 'running', to: 'failed', by: 'engine', what: 'the job fails for good' },
  { from: 'pending', to: 'failed', by: 'engine', what: 'the job fails before a worker holds it' },
  {
    from: 'pending',
    to: 'active',
    by: 'engine',
    what: "a recurring automation's job fails before a worker holds it; it waits for its next tick",
  },
  {
    from: 'pending',
    to: 'paused',
    by: 'engine',
    what: "a recurring automation's job fails before a worker holds it, its third failed run in a row",
  },
  {
    from: 'running',
    to: 'paused',
    by: 'engine',
    what: 'the platform stops the job, or a recurring automation failed three runs in a row',
  },
  { from: 'paused', to: 'pending', by: 'engine', what: 'a re-sync resumes a job the platform stopped' },
  // The schedule starts a recurring automation's next job.
  { from: 'active', to: 'pending', by: 'scheduler', what: "a tick starts the automation's next job" },
  // The user's requests.
  { from: 'pending', to: 'paused', by: 'user', what: 'pause' },
  { from: 'running', to: 'paused', by: 'user', what: 'pause' },
  { from: 'active', to: 'paused', by: 'user', what: 'pause' },
  { from: 'paused', to: 'pending', by: 'user', what: 'resume where the job stopped' },
  { from: 'paused', to: 'active', by: 'user', what: 'resume between runs (the next tick runs it)' },
  { from: 'pending', to: 'cancelled', by: 'user', what: 'cancel' },
  { from: 'running', to: 'cancelled', by: 'user', what: 'cancel' },
  { from: 'active', to: 'cancelled', by: 'user', what: 'cancel' },
  { from: 'paused', to: 'cancelled', by: 'user', what: 'cancel' },
  { from: 'completed', to: 'pending', by: 'user', what: 'run again' },
  { from: 'failed', to: 'pending', by: 'user', what: 'run again' },
  { from: 'cancelled', to: 'pending', by: 'user', what: 'run again' },
];

/** Whether `by` may move an automation from `from` to `to`. */
export function canMove(from: string, to: string, by: LifecycleActor): boolean {
  return LIFECYCLE.some((move) => move.from === from && move.to === to && move.by === by);
}

/** The statuses `by` may move an automation to `to` from (the condition of the write that moves it). */
export function statusesBefore(to: AutomationStatus, by: LifecycleActor): AutomationStatus[] {
  return LIFECYCLE.filter((move) => move.to === to && move.by === by).map((move) => move.from);
}

/** Counts against the plan's automation limit: a job waits, runs, or a recurring one waits for its tick. */
export const ACTIVE_STATUSES = [
  'pending',
  'running',
  'active',
] as const satisfies readonly AutomationStatus[];
/** A job in one of these is over; only these may run again. */
export const FINISHED_STATUSES = [
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly AutomationStatus[];
/** Statuses a user may ask for with `PUT /api/jobs/{id}` (resume is asked as 'running'). */
export const USER_JOB_STATUSES = ['paused', 'running', 'cancelled'] as const;
/** The Active list (part 2 section 2.8; DECISIONS 25 adds paused). */
export const ACTIVE_LIST_STATUSES = [
  'active',
  'running',
  'pending',
  'paused',
] as const satisfies readonly AutomationStatus[];

export const isActiveStatus = (status: string): boolean =>
  (ACTIVE_STATUSES as readonly string[]).includes(status);
export const isFinishedStatus = (status: string): boolean =>
  (FINISHED_STATUSES as readonly string[]).includes(status);

/** Every status is in the table (a status no move reaches or leaves would be a dead end). */
export const LIFECYCLE_STATUSES: readonly AutomationStatus[] = AUTOMATION_STATUSES;
