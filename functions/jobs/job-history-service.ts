/**
 * A workspace's jobs as other domains read them (the jobs list, an automation's history, a socket's
 * subscription): pages of job items, newest first, and whether an automation is the workspace's. Their
 * writes are the job state's (job-state.ts).
 */
import type { JobProgress } from '../../shared/realtime';
import { automationOfJob } from './job-repository';
import { automationWithJob, currentJobOf, readLiveJob } from './job-state';

export { type JobPageKey, pageJobs, type StoredJob } from './job-repository';

/**
 * What a socket subscribing to a job is shown at once (issue 38 point 3: a run reads its subscriptions
 * only now and then): whether the workspace has the job's automation, and the job's progress as the API
 * shows it when the job is that automation's current one and has started.
 */
export async function subscribedJobOf(
  workspaceId: string,
  jobId: string,
): Promise<{ owned: boolean; progress?: JobProgress }> {
  const automation = await automationOfJob(workspaceId, jobId);
  if (!automation) return { owned: false };
  const current = currentJobOf(automation);
  if (current.id !== jobId) return { owned: true };
  const live = await readLiveJob(workspaceId, current);
  // A job without its item yet has nothing to show beyond what the screen read with the automation.
  if (live.status === undefined) return { owned: true };
  const shown = automationWithJob(automation, live);
  return {
    owned: true,
    progress: {
      jobId,
      status: shown.status,
      progress: shown.progress ?? 0,
      stage: shown.stage ?? 'starting',
      message: shown.message ?? '',
      completedTasks: shown.completedTasks ?? 0,
      totalTasks: shown.totalTasks ?? 0,
      successTasks: shown.successTasks ?? 0,
      failedTasks: shown.failedTasks ?? 0,
    },
  };
}
