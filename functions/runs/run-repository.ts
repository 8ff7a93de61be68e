import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompletenessReport, EnrichmentState } from '../../shared/automations-values';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';

/**
 * The run state of a job, kept on its automation item (access pattern 19): who holds the run (a
 * lease), which run message it came from (the segment), where it stands (the cursor) and what it
 * counted. Every write after the claim (run-claims.ts) is fenced by the lease token, so a worker that lost its lease
 * (a cancel, a pause, a newer segment) can no longer change anything.
 */

/** Where a job stands between run messages. */
export interface RunCursor {
  phase: 'list' | 'enrich';
  /** The platform list's own cursor (a start offset, a max_id, a bottom cursor). */
  list?: string;
  /** The list was read to its end (an absent `list` alone would mean: not started). */
  ended?: boolean;
  /** Enrichment walks the stored leads in key order from after this profile id. */
  enrichAfter?: string;
}

export interface RunCounters {
  /** Rows read from the platform's list. */
  found: number;
  /** Leads stored (new or updated). */
  stored: number;
  hidden: number;
  filtered: number;
  duplicates: number;
  /** The platform's total for the list, when it says. */
  available?: number;
  /** Set when the platform stopped listing before its total. */
  platformCap?: number;
  enriched: number;
  enrichFailed: number;
}

export const emptyCounters = (): RunCounters => ({
  found: 0,
  stored: 0,
  hidden: 0,
  filtered: 0,
  duplicates: 0,
  enriched: 0,
  enrichFailed: 0,
});

/** The run state as a claimed run reads it. */
export interface RunState {
  cursor: RunCursor;
  counters: RunCounters;
  totalLeads: number;
}

export interface Lease {
  userId: string;
  automationId: string;
  token: string;
  segment: number;
}

/** The worker lost the run: another holds it, or it was paused, cancelled or deleted. */
export class LeaseLostError extends Error {
  constructor() {
    super('The run lease was lost');
    this.name = 'LeaseLostError';
  }
}

/** Reads the run state of a claimed automation item. */
export function runStateOf(item: Record<string, unknown>): RunState {
  return {
    cursor: (item.runCursor as RunCursor | undefined) ?? { phase: 'list' },
    counters: { ...emptyCounters(), ...((item.runCounters as Partial<RunCounters> | undefined) ?? {}) },
    totalLeads: typeof item.totalLeads === 'number' ? item.totalLeads : 0,
  };
}

/** The job progress fields of part 2 section 3, as stored on the automation. */
export interface StoredProgress {
  progress: number;
  stage: string;
  message: string;
  completedTasks: number;
  totalTasks: number;
  successTasks: number;
  failedTasks: number;
}

type Values = Record<string, unknown>;

/** A fenced update: holds only while the lease is this worker's and the job still runs. */
async function fenced(lease: Lease, set: Values, remove: readonly string[] = [], now = new Date()) {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Values = { ':token': lease.token, ':running': 'running' };
  const parts: string[] = [];
  let i = 0;
  for (const [field, value] of Object.entries({ ...set, updatedAt: now.toISOString() })) {
    if (value === undefined) continue;
    const name = `#f${i}`;
    const placeholder = `:v${i}`;
    names[name] = field;
    values[placeholder] = value;
    parts.push(`${name} = ${placeholder}`);
    i++;
  }
  const removed = remove.map((field, j) => {
    names[`#r${j}`] = field;
    return `#r${j}`;
  });
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.automation(lease.userId, lease.automationId),
        UpdateExpression: `SET ${parts.join(', ')}${removed.length ? ` REMOVE ${removed.join(', ')}` : ''}`,
        ConditionExpression: 'leaseToken = :token AND #status = :running',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new LeaseLostError();
    throw error;
  }
}

/** Saves where the job stands and its progress; the next segment (or a retry) continues from here. */
export async function checkpoint(
  lease: Lease,
  state: { cursor: RunCursor; counters: RunCounters; progress: StoredProgress; enrichment?: EnrichmentState },
  now?: Date,
): Promise<void> {
  await fenced(
    lease,
    {
      runCursor: state.cursor,
      runCounters: state.counters,
      ...state.progress,
      ...(state.enrichment ? { enrichment: state.enrichment } : {}),
    },
    [],
    now,
  );
}

/** Extends the lease of a run that is still working. */
export async function renewLease(lease: Lease, until: Date): Promise<void> {
  await fenced(lease, { leaseUntil: until.toISOString() });
}

/**
 * Hands the job to its next run message (a continuation, or a wait for a budget): the lease ends now,
 * the job shows as waiting, and only a message of a later segment can claim it.
 */
export async function releaseForNextSegment(
  lease: Lease,
  state: { cursor: RunCursor; counters: RunCounters; progress: StoredProgress; enrichment?: EnrichmentState },
  waitingSince: Date,
  extra: Values = {},
): Promise<void> {
  await fenced(lease, {
    runCursor: state.cursor,
    runCounters: state.counters,
    ...state.progress,
    ...(state.enrichment ? { enrichment: state.enrichment } : {}),
    ...extra,
    leaseUntil: new Date(0).toISOString(),
    gsi2pk: keys.runQueue.waiting,
    gsi2sk: keys.runQueueSort(waitingSince.toISOString(), lease.userId, lease.automationId),
  });
}

export type RunEnd =
  | { status: 'completed'; report: CompletenessReport; message: string }
  | { status: 'failed'; errorMessage: string; report?: CompletenessReport }
  /** Stopped by the platform (challenge, expired session): resumes from its cursor after a re-sync. */
  | { status: 'paused'; errorMessage: string; report?: CompletenessReport; pausedFor: 'platform' };

/** Ends the job: its status, report and message; it leaves the run queue and stops counting if not active. */
export async function finishRun(
  lease: Lease,
  end: RunEnd,
  state: { cursor: RunCursor; counters: RunCounters; progress: StoredProgress; enrichment?: EnrichmentState },
  now: Date,
  /** A recurring automation goes back to active after a completed run, its next run at this time. */
  recurringNextRunAt?: string,
): Promise<void> {
  const at = now.toISOString();
  const recurring = end.status === 'completed' && recurringNextRunAt !== undefined;
  await fenced(
    lease,
    {
      status: recurring ? 'active' : end.status,
      ...(recurring ? { nextRunAt: recurringNextRunAt } : {}),
      runCursor: state.cursor,
      runCounters: state.counters,
      ...state.progress,
      ...(state.enrichment ? { enrichment: state.enrichment } : {}),
      leaseUntil: new Date(0).toISOString(),
      lastRunAt: at,
      ...(end.status === 'completed' ? { completedAt: at, message: end.message } : {}),
      ...('errorMessage' in end ? { errorMessage: end.errorMessage, message: end.errorMessage } : {}),
      ...(end.report ? { report: end.report } : {}),
      ...(end.status === 'paused' ? { pausedFor: end.pausedFor } : {}),
    },
    ['leaseToken', 'gsi2pk', 'gsi2sk'],
    now,
  );
  // A job the platform stopped is not over: it resumes after a re-sync, and counts once when it ends.
  if (end.status === 'paused') return;
  // One run of the automation ended: the counters of part 2 section 3.
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.automation(lease.userId, lease.automationId),
        UpdateExpression:
          'SET totalRuns = if_not_exists(totalRuns, :zero) + :one, successfulRuns = if_not_exists(successfulRuns, :zero) + :ok',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':ok': end.status === 'completed' ? 1 : 0 },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * Fails a job that no worker holds (retries exhausted, a permanent error found before the claim): any
 * status but a finished one becomes failed, so it stops counting against the plan.
 */
export async function failUnclaimed(
  userId: string,
  automationId: string,
  errorMessage: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.automation(userId, automationId),
        UpdateExpression:
          'SET #status = :failed, errorMessage = :error, message = :error, updatedAt = :at, lastRunAt = :at, ' +
          'leaseUntil = :epoch, totalRuns = if_not_exists(totalRuns, :zero) + :one REMOVE leaseToken, gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:pending, :running, :active)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':error': errorMessage,
          ':at': at,
          ':epoch': new Date(0).toISOString(),
          ':zero': 0,
          ':one': 1,
          ':pending': 'pending',
          ':running': 'running',
          ':active': 'active',
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Jobs on the run queue: waiting for a worker (or for a budget) and running, oldest first. */
export async function listRunQueue(
  which: 'waiting' | 'running',
  limit = 1000,
): Promise<Array<{ userId: string; automationId: string; since: string }>> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.runQueue.index,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.runQueue[which] },
      // Only what the queue status counts, not whole automations (config, report...).
      ProjectionExpression: 'userId, id, gsi2sk',
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => ({
    userId: item.userId as string,
    automationId: item.id as string,
    since: String(item.gsi2sk).split('#')[0] ?? '',
  }));
}
