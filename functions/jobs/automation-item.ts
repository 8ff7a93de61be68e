import type { Automation, JobStage, JobTrigger } from '../../shared/automations-values';

/**
 * An automation's item as the table holds it: the API's automation, its owner, and its current job's
 * run state (the engine's lease, segment and cursor; functions/jobs/run-repository.ts). Read by the API's
 * automations and by the engine's runs; written only by functions/jobs/ once stored.
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
  /** The run state (functions/jobs/run-repository.ts): the last claimed segment, its lease and cursor. */
  runSegment?: number;
  leaseUntil?: string;
  /** The segment of the run message to send next (0 for a new job; the next one after a run again). */
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
  /** The current job's stages so far. */
  stageHistory?: JobStage[];
  /** The current job's counters (functions/jobs/run-repository.ts). */
  runCounters?: { stored?: number };
  /** A recurring automation's runs that failed since its last successful one. */
  failedRunsInRow?: number;
}
