import * as z from 'zod/mini';
import {
  AUTOMATION_TEXTS,
  type Automation,
  automationIdOfJob,
  isFinishedStatus,
  JOB_TEXTS,
  type Job,
  type JobsPage,
  type ListJobsQuery,
  runOfJob,
  statusesBefore,
  USER_JOB_STATUSES,
} from '../../shared/automations';
import type { AuthUser } from '../core/auth';
import { ConflictError, NotFoundError } from '../core/errors';
import type { Logger } from '../core/logger';
import { openCursor, sealCursor } from '../core/page-cursor';
import type { SchedulerPort } from '../core/ports/scheduler';
import { keys } from '../core/table';
import { type JobPageKey, pageJobs, type StoredJob } from '../jobs/job-history-service';
import {
  currentJobOf,
  pauseActive,
  readLiveJob,
  resumeBetweenRuns,
  setJobStatusByUser,
} from '../jobs/job-state';
import { findAutomation, publicAutomation, type StoredAutomation } from './automation-repository';
import { nextRunAfter, recurringSchedule, scheduleNameOf } from './trob-schedule';

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

/** The current job of an automation after a move: its own item, under the automation's status. */
export async function jobOf(automation: StoredAutomation): Promise<Job> {
  const job = await readLiveJob(automation.userId, currentJobOf(automation));
  return publicJob({
    run: runOfJob(automation.jobId),
    trigger: automation.jobTrigger ?? 'start',
    templateId: automation.templateId,
    name: automation.displayName,
    platform: automation.platform,
    ...(job as Partial<StoredJob>),
    userId: automation.userId,
    id: automation.jobId,
    automationId: automation.id,
    createdAt: currentJobOf(automation).createdAt,
    status: automation.status,
  });
}

/** A stored job as the API answers it. */
function publicJob(stored: StoredJob): Job {
  const job: Job = {
    id: stored.id,
    automationId: stored.automationId,
    run: stored.run ?? 1,
    trigger: stored.trigger ?? 'start',
    templateId: stored.templateId,
    name: stored.name,
    platform: stored.platform,
    status: stored.status,
    progress: stored.progress ?? 0,
    completedTasks: stored.completedTasks ?? 0,
    totalTasks: stored.totalTasks ?? 0,
    successTasks: stored.successTasks ?? 0,
    failedTasks: stored.failedTasks ?? 0,
    // A job under way has counted what it stored so far; an ended one says what it added.
    leadsAdded: stored.leadsAdded ?? (stored.counters?.stored as number | undefined) ?? 0,
    createdAt: stored.createdAt,
    stages: stored.stages ?? [],
  };
  if (stored.stage) job.stage = stored.stage;
  if (stored.message) job.message = stored.message;
  if (stored.errorMessage) job.error = stored.errorMessage;
  if (stored.startedAt) job.startedAt = stored.startedAt;
  if (stored.completedAt) job.completedAt = stored.completedAt;
  if (stored.report) job.report = stored.report;
  if (stored.forecast) job.forecast = stored.forecast;
  return job;
}

/** Which statuses each user request may leave from: the lifecycle's user moves. */
const FROM: Record<(typeof USER_JOB_STATUSES)[number], readonly string[]> = {
  paused: statusesBefore('paused', 'user'),
  running: statusesBefore('pending', 'user').filter((status) => !isFinishedStatus(status)),
  cancelled: statusesBefore('cancelled', 'user'),
};

/**
 * A jobs page's cursor: the key of the last job read, exactly (the table's key, and the automation
 * index's when the list is one automation's), sealed for this workspace and list (core/page-cursor.ts).
 */
const jobCursor = (workspaceId: string, automationId: string | undefined) => {
  const table = {
    pk: z.literal(keys.jobsPartition(workspaceId)),
    sk: z.string().check(z.startsWith(keys.jobSortPrefix), z.maxLength(300)),
  };
  return automationId
    ? z.strictObject({
        ...table,
        gsi1pk: z.literal(keys.automationJobsPartition(workspaceId, automationId)),
        gsi1sk: z.string().check(z.minLength(1), z.maxLength(300)),
      })
    : z.strictObject(table);
};
const jobCursorScope = (workspaceId: string, automationId: string | undefined) =>
  `jobs|${workspaceId}|${automationId ?? ''}`;

/**
 * `GET /api/jobs` (DECISIONS 23): the user's jobs, newest first, one page at a time, each from its own
 * item (live while it runs). A read under the user, so it needs no queue or scheduler (nor do their
 * clients load).
 */
export async function listJobs(user: AuthUser, query: ListJobsQuery): Promise<JobsPage> {
  // A cursor is the workspace's own, and of this very list (all jobs, or this automation's).
  const scope = jobCursorScope(user.workspaceId, query.automationId);
  const after: JobPageKey | undefined = query.cursor
    ? await openCursor(scope, query.cursor, jobCursor(user.workspaceId, query.automationId))
    : undefined;
  // Each job's item holds its state, live while it runs (functions/jobs/job-state/live-job-repository.ts).
  const live = publicJob;
  const search = query.search?.toLowerCase();
  const keep = (job: Job) =>
    (!query.status || query.status === 'all' || job.status === query.status) &&
    (!query.platform || query.platform === 'all' || job.platform === query.platform) &&
    (!search || `${job.name} ${job.templateId}`.toLowerCase().includes(search));
  const page = await pageJobs(user.workspaceId, {
    ...(query.automationId ? { automationId: query.automationId } : {}),
    limit: query.limit,
    ...(after ? { after } : {}),
    keep: (stored) => keep(live(stored)),
  });
  return {
    jobs: page.jobs.map(live),
    ...(page.next ? { nextCursor: await sealCursor(scope, page.next) } : {}),
  };
}

/** The job routes that change a status: they write it, and take a recurring automation's schedule away. */
export function createJobService({ log, now, scheduler }: JobDeps) {
  return { pause, update };

  /** `POST /api/automation/{id}/pause` (part 2 section 4): only an active automation; its schedule goes. */
  async function pause(user: AuthUser, id: string): Promise<Automation> {
    const automation = await findAutomation(user.workspaceId, automationIdOfJob(id));
    if (!automation) throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    if (automation.status !== 'active') throw new ConflictError(AUTOMATION_TEXTS.onlyActiveCanPause);
    if (automation.interval) await scheduler.remove(scheduleNameOf(automation.id));
    const paused = await pauseActive(user.workspaceId, automation.id, now().toISOString());
    if (!paused) throw new ConflictError(AUTOMATION_TEXTS.onlyActiveCanPause);
    log.info('automation paused', { automationId: automation.id });
    return publicAutomation(paused);
  }

  /** `PUT /api/jobs/{jobId}`: pause, resume (onto the unsent index) or cancel. */
  async function update(user: AuthUser, jobId: string, status: string): Promise<Job> {
    const automation = await findAutomation(user.workspaceId, automationIdOfJob(jobId));
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
        user.workspaceId,
        automation.id,
        at,
        nextRunAfter(now(), automation.interval),
      );
      if (!waiting) throw new ConflictError(JOB_TEXTS.cannotChange(automation.status, status));
      await scheduler.put(recurringSchedule({ ...waiting, interval: automation.interval }));
      log.info('recurring automation resumed between runs', { jobId });
      return jobOf(waiting);
    }
    const changed = await setJobStatusByUser(user.workspaceId, automation, {
      to: wanted === 'running' ? 'pending' : wanted,
      from,
      at,
    });
    if (!changed) throw new ConflictError(JOB_TEXTS.cannotChange(automation.status, status));
    // A resume continues from the cursor, the next segment (no older message can claim it), sent by the
    // run dispatch; a pause or cancel of a recurring job takes its schedule away.
    if (automation.interval && wanted !== 'running') await scheduler.remove(scheduleNameOf(automation.id));
    log.info('job status changed by its user', { jobId, from: automation.status, to: changed.status });
    return jobOf(changed);
  }
}
