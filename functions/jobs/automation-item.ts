import type { Automation, JobTrigger } from '../../shared/automations-values';

/**
 * An automation's item as the table holds it: its definition, schedule, lead and run totals, lifecycle
 * status and a pointer to its current job (`jobId`, `jobCreatedAt`), whose own item holds the job's run
 * state (lease, segment, cursor, counters, progress: functions/jobs/job-state/live-job-repository.ts).
 * Typed as the API's automation, which shows the current job's progress beside it (automationWithJob).
 * Read by the API's automations and by the engine's runs; written only by functions/jobs/ once stored.
 */
export interface StoredAutomation extends Automation {
  userId: string;
  /**
   * The automation's job kind, when it is not the first kind there was (functions/workers/run-kinds.ts
   * reads it): the engine runs every kind's jobs alike; which APIs list it is its domain's business.
   */
  kind?: string;
  /** When the run message went on the queue; absent while the automation waits for the sweep. */
  queuedAt?: string;
  /** The segment of the current job's run message to send next (0 for a new job). */
  queuedSegment?: number;
  /** A job waiting for a budget: no run before this time. */
  waitUntil?: string;
  /**
   * Why a paused job paused: 'platform' (a challenge or an ended session; a re-sync resumes it),
   * 'user', or 'failures' (a recurring automation whose runs failed three times in a row).
   */
  pausedFor?: 'platform' | 'user' | 'failures';
  /** When the current job was created: with `jobId`, the key of its item (functions/jobs/job-repository.ts). */
  jobCreatedAt?: string;
  jobTrigger?: JobTrigger;
  /** A recurring automation's runs that failed since its last successful one. */
  failedRunsInRow?: number;
}
