import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AutomationStatus,
  BudgetForecast,
  CompletenessReport,
  EnrichmentState,
  JobStage,
} from '../../../shared/automations-values';
import { batchGet } from '../../core/batch-get';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { keys } from '../../core/table';
import type { StoredAutomation } from '../automation-item';
import type { JobRef } from '../job-repository';

/**
 * The running job's state on its own item (issue 37 point 1): the job item (core/table.ts pattern 31)
 * holds its lease, segment, cursor, counters, progress and stages while it runs, and its end after. The
 * automation item keeps its definition, schedule, totals, lifecycle status and a pointer to its current
 * job (`jobId`, `jobCreatedAt`); every write of both goes through the job state (functions/jobs/job-state.ts).
 */

/** The job item's live fields, as the table holds them. */
export interface LiveJob {
  status?: AutomationStatus;
  /** The lease: who runs the job's segment, till when (absent when nobody holds it). */
  leaseToken?: string;
  leaseUntil?: string;
  /** The last segment claimed (a run message's `segment`). */
  segment?: number;
  cursor?: Record<string, unknown>;
  counters?: Record<string, unknown>;
  progress?: number;
  stage?: string;
  message?: string;
  completedTasks?: number;
  totalTasks?: number;
  successTasks?: number;
  failedTasks?: number;
  stages?: JobStage[];
  enrichment?: EnrichmentState;
  forecast?: BudgetForecast;
  report?: CompletenessReport;
  errorMessage?: string;
  startedAt?: string;
  completedAt?: string;
}

/** The pointer from an automation to its current job (a job created before pointers had the automation's time). */
export const currentJobOf = (automation: {
  id: string;
  jobId?: string;
  jobCreatedAt?: string;
  createdAt: string;
}): JobRef => ({
  id: automation.jobId ?? automation.id,
  createdAt: automation.jobCreatedAt ?? automation.createdAt,
});

/**
 * The SET clauses (with their values) that give an update of a job item its identity when the item is not
 * there yet: a job created before jobs were stored gets its whole item from its first write.
 */
export function jobIdentity(userId: string, automationId: string, job: JobRef) {
  const index = keys.automationJobsIndexKey(userId, automationId, job.createdAt, job.id);
  return {
    sets: [
      '#type = if_not_exists(#type, :jobType)',
      'userId = if_not_exists(userId, :jobUserId)',
      'id = if_not_exists(id, :jobIdValue)',
      'automationId = if_not_exists(automationId, :jobAutomationId)',
      'createdAt = if_not_exists(createdAt, :jobCreatedAtValue)',
      'gsi1pk = if_not_exists(gsi1pk, :jobGsi1pk)',
      'gsi1sk = if_not_exists(gsi1sk, :jobGsi1sk)',
    ],
    names: { '#type': 'type' },
    values: {
      ':jobType': 'job',
      ':jobUserId': userId,
      ':jobIdValue': job.id,
      ':jobAutomationId': automationId,
      ':jobCreatedAtValue': job.createdAt,
      ':jobGsi1pk': index.gsi1pk,
      ':jobGsi1sk': index.gsi1sk,
    },
  };
}

/** One job's item as it is now (consistent), or an empty one when it was never written. */
export async function readLiveJob(userId: string, job: JobRef): Promise<LiveJob> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.job(userId, job.createdAt, job.id),
      ConsistentRead: true,
    }),
  );
  return (out.Item as LiveJob | undefined) ?? {};
}

/** The fields an automation shows of its current job (the API's automation, part 2 section 3). */
const SHOWN_FROM_JOB = [
  'progress',
  'stage',
  'completedTasks',
  'totalTasks',
  'successTasks',
  'failedTasks',
  'startedAt',
  'enrichment',
  'forecast',
  'report',
] as const;

/**
 * An automation as its screens show it: its own item, with its current job's progress, stage, counts,
 * enrichment, forecast and report. The message is the job's while it runs (each stage says what it does),
 * and otherwise the automation's: the word of its last move (a start, a pause, a resume, an end).
 */
export function automationWithJob<T extends StoredAutomation>(automation: T, job: LiveJob | undefined): T {
  const out: Record<string, unknown> = { ...(automation as unknown as Record<string, unknown>) };
  for (const field of SHOWN_FROM_JOB) if (job?.[field] !== undefined) out[field] = job[field];
  if (automation.status === 'running' && job?.message) out.message = job.message;
  return out as T;
}

/** Automations with their current jobs' state (automationWithJob), read in batches (core/batch-get.ts). */
export async function withCurrentJobs<T extends StoredAutomation>(automations: readonly T[]): Promise<T[]> {
  const wanted = automations.map((a) => keys.job(a.userId, currentJobOf(a).createdAt, currentJobOf(a).id));
  const jobs = new Map((await batchGet(wanted)).map((item) => [`${item.pk}|${item.sk}`, item as LiveJob]));
  return automations.map((a, i) => automationWithJob(a, jobs.get(`${wanted[i]?.pk}|${wanted[i]?.sk}`)));
}
