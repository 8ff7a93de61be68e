import {
  AUTOMATION_TEXTS,
  type Automation,
  automationIdOfJob,
  JOB_TEXTS,
  type Job,
  type ListJobsQuery,
  USER_JOB_STATUSES,
} from '../../shared/automations';
import type { AuthUser } from '../core/auth';
import { ConflictError, NotFoundError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { SchedulerPort } from '../core/ports/scheduler';
import { nextRunAfter, recurringSchedule, scheduleNameOf } from '../runs/recurring-schedule';
import {
  findAutomation,
  listAutomations,
  pauseActive,
  publicAutomation,
  resumeBetweenRuns,
  type StoredAutomation,
  setJobStatusByUser,
} from './automation-repository';

/**
 * The job calls of DECISIONS 23 (part 1 section 7): list the user's jobs, and pause, resume or cancel
 * one. A one-off trob has one job, its automation's; recurring automations add one per run with their
 * issue. Every lookup is under the signed-in user, so another user's job id answers 404.
 */
export interface JobDeps {
  log: Logger;
  now: () => Date;
  /**
   * A recurring automation's schedule goes with a pause or cancel. A resume of a job that was running
   * puts it on the unsent index, and the run dispatch brings the schedule back with its message
   * (run-dispatch-service.ts); a resume between runs puts the schedule back here.
   */
  scheduler: Pick<SchedulerPort, 'put' | 'remove'>;
}

export function jobOf(automation: StoredAutomation): Job {
  const job: Job = {
    id: automation.jobId,
    automationId: automation.id,
    templateId: automation.templateId,
    name: automation.displayName,
    platform: automation.platform,
    status: automation.status,
    progress: automation.progress ?? 0,
    completedTasks: automation.completedTasks ?? 0,
    totalTasks: automation.totalTasks ?? 0,
    successTasks: automation.successTasks ?? 0,
    failedTasks: automation.failedTasks ?? 0,
    totalLeads: automation.totalLeads ?? 0,
    createdAt: automation.createdAt,
  };
  if (automation.stage) job.stage = automation.stage;
  if (automation.message) job.message = automation.message;
  if (automation.errorMessage) job.error = automation.errorMessage;
  if (automation.startedAt) job.startedAt = automation.startedAt;
  if (automation.completedAt) job.completedAt = automation.completedAt;
  return job;
}

/** Which statuses each user request may leave from. */
const FROM: Record<(typeof USER_JOB_STATUSES)[number], readonly string[]> = {
  paused: ['pending', 'running', 'active'],
  running: ['paused'],
  cancelled: ['pending', 'running', 'active', 'paused'],
};

/** `GET /api/jobs`: a read under the user, so it needs no queue or scheduler (nor do their clients load). */
export async function listJobs(user: AuthUser, query: ListJobsQuery): Promise<Job[]> {
  const search = query.search?.toLowerCase();
  return (await listAutomations(user.id))
    .filter((a) => !query.status || query.status === 'all' || a.status === query.status)
    .filter((a) => !query.platform || query.platform === 'all' || a.platform === query.platform)
    .filter((a) => !search || `${a.displayName} ${a.templateId}`.toLowerCase().includes(search))
    .map(jobOf);
}

/** The job routes that change a status: they write it, and take a recurring automation's schedule away. */
export function createJobService({ log, now, scheduler }: JobDeps) {
  return { pause, update };

  /** `POST /api/automation/{id}/pause` (part 2 section 4): only an active automation; its schedule goes. */
  async function pause(user: AuthUser, id: string): Promise<Automation> {
    const automation = await findAutomation(user.id, automationIdOfJob(id));
    if (!automation) throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    if (automation.status !== 'active') throw new ConflictError(AUTOMATION_TEXTS.onlyActiveCanPause);
    if (automation.interval) await scheduler.remove(scheduleNameOf(automation.id));
    const paused = await pauseActive(user.id, automation.id, now().toISOString());
    if (!paused) throw new ConflictError(AUTOMATION_TEXTS.onlyActiveCanPause);
    log.info('automation paused', { automationId: automation.id });
    return publicAutomation(paused);
  }

  /** `PUT /api/jobs/{jobId}`: pause, resume (onto the unsent index) or cancel. */
  async function update(user: AuthUser, jobId: string, status: string): Promise<Job> {
    const automation = await findAutomation(user.id, automationIdOfJob(jobId));
    if (!automation) throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    if (!(USER_JOB_STATUSES as readonly string[]).includes(status))
      throw new ConflictError(JOB_TEXTS.engineOwnsStatus);
    const wanted = status as (typeof USER_JOB_STATUSES)[number];
    const from = FROM[wanted];
    if (!from.includes(automation.status))
      throw new ConflictError(JOB_TEXTS.cannotChange(automation.status, status));
    const at = now().toISOString();
    if (wanted === 'running' && automation.interval && automation.completedAt) {
      // Paused between runs (its last job had finished, as a new job clears completedAt): nothing to
      // continue, so it waits for its next tick again instead of running that job a second time.
      const waiting = await resumeBetweenRuns(
        user.id,
        automation.id,
        at,
        nextRunAfter(now(), automation.interval),
      );
      if (!waiting) throw new ConflictError(JOB_TEXTS.cannotChange(automation.status, status));
      await scheduler.put(recurringSchedule({ ...waiting, interval: automation.interval }));
      log.info('recurring automation resumed between runs', { jobId });
      return jobOf(waiting);
    }
    const segment = (automation.runSegment ?? -1) + 1;
    const changed = await setJobStatusByUser(user.id, automation.id, {
      to: wanted === 'running' ? 'pending' : wanted,
      from,
      at,
      ...(wanted === 'running' ? { queuedSegment: segment } : {}),
    });
    if (!changed) throw new ConflictError(JOB_TEXTS.cannotChange(automation.status, status));
    // A resume continues from the cursor, the next segment (no older message can claim it), sent by the
    // run dispatch; a pause or cancel of a recurring job takes its schedule away.
    if (automation.interval && wanted !== 'running') await scheduler.remove(scheduleNameOf(automation.id));
    log.info('job status changed by its user', { jobId, from: automation.status, to: changed.status });
    return jobOf(changed);
  }
}
