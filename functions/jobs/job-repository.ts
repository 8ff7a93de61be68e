import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AutomationStatus,
  automationIdOfJob,
  type BudgetForecast,
  type CompletenessReport,
  type JobStage,
  type JobTrigger,
  NEW_JOB_PROGRESS,
} from '../../shared/automations-values';
import type { Platform } from '../../shared/platforms';
import { dynamo, tableName } from '../core/clients/dynamo';
import { keys } from '../core/table';
import type { StoredAutomation } from './automation-item';

/**
 * Jobs (DECISIONS 23; issue 19 point 1): one item per run of an automation, in the owner's jobs
 * partition (core/table.ts patterns 31 and 32). A job's item holds its state while it runs (status,
 * lease, segment, cursor, progress: issue 37 point 1) and its end after; the job state
 * (functions/jobs/job-state.ts) writes it, in the same transaction as its automation's status at every
 * move. The job list reads the items as they are.
 */
export interface StoredJob {
  userId: string;
  id: string;
  automationId: string;
  /** 1 for the automation's first job, n for its nth. */
  run: number;
  trigger: JobTrigger;
  templateId: string;
  name: string;
  platform: Platform;
  status: AutomationStatus;
  createdAt: string;
  startedAt?: string;
  completedAt?: string;
  /** Leads this job stored (new to the automation, or already known to it from an earlier job). */
  leadsAdded?: number;
  progress?: number;
  completedTasks?: number;
  totalTasks?: number;
  successTasks?: number;
  failedTasks?: number;
  message?: string;
  errorMessage?: string;
  stages?: JobStage[];
  report?: CompletenessReport;
  forecast?: BudgetForecast;
  /** While it runs: the stage it is in and what it counted (functions/jobs/job-state/live-job-repository.ts). */
  stage?: string;
  counters?: Record<string, unknown>;
}

/** What identifies the current job of an automation: its id and when it was created (its key). */
export interface JobRef {
  id: string;
  createdAt: string;
}

export type NewJob = Pick<
  StoredJob,
  'userId' | 'id' | 'automationId' | 'run' | 'trigger' | 'templateId' | 'name' | 'platform' | 'createdAt'
> & {
  /** What the job says while it waits for a worker. */
  message?: string;
};

/**
 * What automation items held of their running job before the job's item did (issue 37 point 1): a
 * new job clears them from an item written then (scripts/migrate-job-state.ts moves a live one's).
 */
export const LEGACY_LIVE_FIELDS = [
  'leaseToken',
  'leaseUntil',
  'runSegment',
  'runCursor',
  'runCounters',
  'stageHistory',
  'progress',
  'stage',
  'completedTasks',
  'totalTasks',
  'successTasks',
  'failedTasks',
  'enrichment',
  'forecast',
  'report',
  'startedAt',
] as const;

/** A new job's progress: the automation's new-job values that are the job's (not its totals). */
const { progress, stage, completedTasks, totalTasks, successTasks, failedTasks } = NEW_JOB_PROGRESS;
const NEW_JOB_ITEM_PROGRESS = { progress, stage, completedTasks, totalTasks, successTasks, failedTasks };

/** The transaction item that records a new job, waiting for a worker, its progress at zero. */
export function newJobPut(job: NewJob) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.job(job.userId, job.createdAt, job.id),
        ...keys.automationJobsIndexKey(job.userId, job.automationId, job.createdAt, job.id),
        type: 'job',
        ...job,
        status: 'pending' satisfies AutomationStatus,
        ...NEW_JOB_ITEM_PROGRESS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A page reads at most this many jobs, however few its filters keep. */
export const MAX_READ_PER_PAGE = 500;

/** Where a page of jobs stopped: the last item's keys, for the next query to start after. */
export type JobPageKey = Record<string, string>;

/**
 * A page of the user's jobs, newest first: all of them, or one automation's. `filter` keeps or drops
 * each item as read (the caller's status, platform and search filters), so a page is `limit` matches
 * whatever the filters leave out; `next` is where the following page starts.
 */
export async function pageJobs(
  userId: string,
  options: {
    automationId?: string;
    limit: number;
    after?: JobPageKey;
    keep: (job: StoredJob) => boolean;
  },
): Promise<{ jobs: StoredJob[]; next?: JobPageKey }> {
  const jobs: StoredJob[] = [];
  let start: Record<string, unknown> | undefined = options.after;
  let read = 0;
  for (;;) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(options.automationId
          ? {
              IndexName: keys.automationJobs.index,
              KeyConditionExpression: 'gsi1pk = :pk',
              ExpressionAttributeValues: {
                ':pk': keys.automationJobsPartition(userId, options.automationId),
              },
            }
          : {
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
              ExpressionAttributeValues: { ':pk': keys.jobsPartition(userId), ':prefix': keys.jobSortPrefix },
            }),
        ScanIndexForward: false,
        ExclusiveStartKey: start,
        // Read a little past the page first, so one page rarely takes two queries when few are filtered
        // out; when filters leave out many, read on in larger steps.
        Limit: read === 0 ? options.limit + 1 : 100,
      }),
    );
    for (const item of out.Items ?? []) {
      const job = item as unknown as StoredJob;
      read++;
      if (!options.keep(job)) {
        // Filters that match little must not read a long history in one request: the page ends here,
        // shorter, and the next one goes on after what was read.
        if (read >= MAX_READ_PER_PAGE) return { jobs, next: pageKeyOf(job, options.automationId) };
        continue;
      }
      if (jobs.length === options.limit) return { jobs, next: pageKeyOf(jobs.at(-1), options.automationId) };
      jobs.push(job);
    }
    start = out.LastEvaluatedKey;
    if (!start) return { jobs };
  }
}

function pageKeyOf(job: StoredJob | undefined, automationId: string | undefined): JobPageKey | undefined {
  if (!job) return undefined;
  const table = keys.job(job.userId, job.createdAt, job.id);
  return automationId
    ? { ...table, ...keys.automationJobsIndexKey(job.userId, automationId, job.createdAt, job.id) }
    : { ...table };
}

/** The automation item a job belongs to, as stored (its current job's pointer with it), if the user has it. */
export async function automationOfJob(userId: string, jobId: string): Promise<StoredAutomation | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.automation(userId, automationIdOfJob(jobId)) }),
  );
  return out.Item as StoredAutomation | undefined;
}
