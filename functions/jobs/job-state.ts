/**
 * The job state (issue 37 point 1; DESIGN "The run engine"): the one module that writes an automation's
 * job status, lease, segment, cursor and progress. Its parts (functions/jobs/job-state/) are private to
 * it; every other domain moves and reads a job's state through the names below. Each status write is
 * conditioned on the lifecycle table (shared/job-lifecycle.ts) as it is made (job-state/job-moves.ts).
 *
 * Who moves a job, by the lifecycle's actors:
 * - the user: start, run again, pause, resume, cancel (user-move-repository.ts);
 * - the engine: claim, checkpoint, continue, wait, end, fail, resume after a re-sync (claim-, run-state-,
 *   job-end-, resume-repository.ts) and the unsent index the run dispatch sends from (unsent-repository.ts);
 * - the scheduler: a tick's next job (claim-repository.ts).
 */
export { type Claim, claimSegment, startScheduledJob } from './job-state/claim-repository';
export {
  automationAfter,
  type EndingJob,
  FAILED_RUNS_BEFORE_PAUSE,
  failUnclaimed,
  finishJob,
} from './job-state/job-end-repository';
export { UnknownMoveError } from './job-state/job-moves';
export {
  automationWithJob,
  currentJobOf,
  type LiveJob,
  readLiveJob,
  withCurrentJobs,
} from './job-state/live-job-repository';
export { type MigrationResult, migrateLiveJobState } from './job-state/migrate-repository';
export { createRunResumer, type RunResumer } from './job-state/resume-repository';
export {
  checkpoint,
  emptyCounters,
  type Lease,
  LeaseLostError,
  listRunQueue,
  type RunCounters,
  type RunCursor,
  type RunEnd,
  type RunSnapshot,
  releaseForNextSegment,
  releaseForRetry,
  releaseLease,
  runStateOf,
  type StoredProgress,
  saveStage,
} from './job-state/run-state-repository';
export {
  listUnsent,
  markHeldRunUnsent,
  markLostWakeUpsUnsent,
  markQueued,
  markStalledRunsUnsent,
  stillUnsent,
  stillUnsentOfImage,
  type UnsentAutomation,
} from './job-state/unsent-repository';
export {
  insertAutomation,
  pauseActive,
  readStartGuard,
  restartFinished,
  resumeBetweenRuns,
  setJobStatusByUser,
} from './job-state/user-move-repository';
