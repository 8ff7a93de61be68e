import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  BudgetForecast,
  CompletenessReport,
  EnrichmentState,
  JobStage,
} from '../../../shared/automations-values';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { retryingConflicts } from '../../core/conflicts';
import { cancellationCodes, isConditionalCheckFailure } from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import type { JobRef } from '../job-repository';
import { jobIdentity, type LiveJob } from './live-job-repository';
import { unsentMarker } from './unsent-repository';
import { updateOf } from './update-expression';

/**
 * The run state of a job, kept on its own item (live-job-repository.ts): who holds the run (a lease),
 * which run message it came from (the segment), where it stands (the cursor) and what it counted. Every
 * write after the claim (claim-repository.ts) is fenced by the lease token, so a worker that lost its
 * lease (a cancel, a pause, a newer segment: each takes the token away) can no longer change anything.
 * What the automation item keeps of it (its lead totals, its place on the run queue and the unsent
 * index) is written in the same transaction.
 */

/** Where a job stands between run messages. */
export interface RunCursor {
  /** The phase the job's kind is in: each kind has its own (issue 20). */
  phase: 'list' | 'enrich' | 'discover' | 'score' | 'engage' | 'connect' | 'follow-up';
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
  /** Batches of listed leads committed (counted and checkpointed); absent on jobs from before issue 35. */
  batches?: number;
  /** What a kind of job counts besides, under names of its own (its kind's context types them). */
  [kindCounter: string]: unknown;
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
  /** The automation's leads as its last checkpoint counted them (functions/leads/lead-count.ts). */
  totalLeads: number;
  /** How much of the count shards' sum `totalLeads` includes. */
  countedLeads: number;
}

export interface Lease {
  userId: string;
  automationId: string;
  /** The job the lease holds: its item is where the run state is written. */
  job: JobRef;
  token: string;
  segment: number;
  /** When the claim's lease ends (nothing renews it): what the segment leases, its writes, ends by then. */
  until: Date;
}

/** The worker lost the run: another holds it, or it was paused, cancelled or deleted. */
export class LeaseLostError extends Error {
  constructor() {
    super('The run lease was lost');
    this.name = 'LeaseLostError';
  }
}

/** The run state of a claimed job: its item's cursor and counters, with its automation's lead totals. */
export function runStateOf(
  job: LiveJob,
  automation: { totalLeads?: number; countedLeads?: number },
): RunState {
  return {
    cursor: (job.cursor as RunCursor | undefined) ?? { phase: 'list' },
    counters: { ...emptyCounters(), ...((job.counters as Partial<RunCounters> | undefined) ?? {}) },
    totalLeads: typeof automation.totalLeads === 'number' ? automation.totalLeads : 0,
    countedLeads: typeof automation.countedLeads === 'number' ? automation.countedLeads : 0,
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

/** What a segment saves of its job: where it stands, what it counted, its progress and its stages. */
export interface RunSnapshot {
  cursor: RunCursor;
  counters: RunCounters;
  totalLeads: number;
  countedLeads: number;
  progress: StoredProgress;
  enrichment?: EnrichmentState;
  stages?: JobStage[];
}

/** What a snapshot writes on the job item. */
export const snapshotFields = (state: RunSnapshot): Values => ({
  cursor: state.cursor,
  counters: state.counters,
  ...state.progress,
  ...(state.enrichment ? { enrichment: state.enrichment } : {}),
  ...(state.stages ? { stages: state.stages } : {}),
});

/** What a snapshot writes on the automation item: its lead totals. */
export const totalsFields = (state: RunSnapshot): Values => ({
  totalLeads: state.totalLeads,
  countedLeads: state.countedLeads,
  ...(state.totalLeads > 0 ? { hasData: true } : {}),
});

/**
 * The update of a fenced write of the job item: it holds only while the lease is this worker's (a move
 * that stops the run takes the token away in the same write as the status). The job's identity is set
 * where its item is missing (a job created before jobs were stored).
 */
export function fencedUpdate(lease: Lease, set: Values, remove: readonly string[] = [], now = new Date()) {
  const update = updateOf({ ...set, updatedAt: now.toISOString() }, remove);
  const identity = jobIdentity(lease.userId, lease.automationId, lease.job);
  const removes = update.removes.join(', ');
  return {
    TableName: tableName(),
    Key: keys.job(lease.userId, lease.job.createdAt, lease.job.id),
    UpdateExpression: `SET ${[...update.sets, ...identity.sets].join(', ')}${removes ? ` REMOVE ${removes}` : ''}`,
    ConditionExpression: 'leaseToken = :token',
    ExpressionAttributeNames: { ...update.names, ...identity.names },
    ExpressionAttributeValues: { ...update.values, ...identity.values, ':token': lease.token },
  };
}

/** An update of the automation item that goes with a fenced write (in its transaction). */
export function automationUpdate(
  lease: Pick<Lease, 'userId' | 'automationId'>,
  set: Values,
  remove: readonly string[] = [],
  now = new Date(),
  add: Record<string, number> = {},
  condition?: { expression: string; names: Record<string, string>; values: Values },
) {
  const update = updateOf({ ...set, updatedAt: now.toISOString() }, remove, add, 'a');
  return {
    TableName: tableName(),
    Key: keys.automation(lease.userId, lease.automationId),
    UpdateExpression: update.expression,
    // A deleted automation (its account deleted) takes no write: the run has nothing left to write to.
    ConditionExpression: `attribute_exists(pk)${condition ? ` AND ${condition.expression}` : ''}`,
    ExpressionAttributeNames: { ...update.names, ...(condition?.names ?? {}) },
    ExpressionAttributeValues: { ...update.values, ...(condition?.values ?? {}) },
  };
}

/** A fenced write of the job item, with what goes with it on the automation, in one transaction. */
async function fenced(
  lease: Lease,
  job: { set: Values; remove?: readonly string[] },
  automation: { set: Values; remove?: readonly string[] } | undefined,
  now = new Date(),
) {
  const jobUpdate = fencedUpdate(lease, job.set, job.remove, now);
  try {
    if (!automation) {
      await retryingConflicts(() => dynamo().send(new UpdateCommand(jobUpdate)));
      return;
    }
    const items = [
      { Update: jobUpdate },
      { Update: automationUpdate(lease, automation.set, automation.remove, now) },
    ];
    await sendTransaction(items);
  } catch (error) {
    if (isConditionalCheckFailure(error) || cancellationCodes(error)?.includes('ConditionalCheckFailed'))
      throw new LeaseLostError();
    throw error;
  }
}

/** Sends a transaction of the job state, again when it only met another write (conflicts.ts). */
export async function sendTransaction(items: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  await retryingConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items as never })));
}

/** Saves where the job stands and its progress; the next segment (or a retry) continues from here. */
export async function checkpoint(lease: Lease, state: RunSnapshot, now?: Date): Promise<void> {
  await fenced(lease, { set: snapshotFields(state) }, { set: totalsFields(state) }, now);
}

/**
 * Saves the stage the job just entered, with its message and the stage history (issue 35 point 4): the
 * API shows the stage that runs, not the one of the last checkpoint, and a worker killed before its next
 * checkpoint leaves the history whole. Only those fields: where the job stands waits for its checkpoint.
 */
export async function saveStage(
  lease: Lease,
  entered: { stage: string; message: string; stages: JobStage[] },
  now: Date,
): Promise<void> {
  await fenced(
    lease,
    { set: { stage: entered.stage, message: entered.message, stages: entered.stages } },
    undefined,
    now,
  );
}

/**
 * Hands the job to its next run message (a continuation, or a wait for a budget): the lease ends now,
 * the job shows as waiting, and the next segment goes on the unsent index in the same write, for the run
 * dispatch to send (delayed to `sendAt` when the job waits), so no message is lost to a failed send or a
 * worker that dies right after. Only a message of a later segment can claim the job.
 */
export async function releaseForNextSegment(
  lease: Lease,
  state: RunSnapshot,
  now: Date,
  wait?: { until: Date; forecast?: BudgetForecast },
): Promise<void> {
  const at = now.toISOString();
  await fenced(
    lease,
    {
      set: {
        ...snapshotFields(state),
        ...(wait?.forecast ? { forecast: wait.forecast } : {}),
        leaseUntil: new Date(0).toISOString(),
      },
      remove: wait?.forecast ? [] : ['forecast'],
    },
    {
      set: {
        ...totalsFields(state),
        ...(wait ? { waitUntil: wait.until.toISOString(), sendAt: wait.until.toISOString() } : {}),
        queuedSegment: lease.segment + 1,
        ...unsentMarker(lease.userId, lease.automationId, at),
        gsi2pk: keys.runQueue.waiting,
        gsi2sk: keys.runQueueSort((wait?.until ?? now).toISOString(), lease.userId, lease.automationId),
      },
      remove: wait ? [] : ['sendAt', 'waitUntil'],
    },
    now,
  );
}

/**
 * A failed attempt that the queue delivers again (the same segment): the lease ends now, so the retry may
 * claim the job at once, with what this attempt saved.
 */
export async function releaseForRetry(lease: Lease, state: RunSnapshot, now: Date): Promise<void> {
  await fenced(
    lease,
    { set: { ...snapshotFields(state), leaseUntil: new Date(0).toISOString() } },
    { set: totalsFields(state) },
    now,
  );
}

/**
 * Ends the lease and nothing else, the job's state staying as last saved: for a last attempt whose failure
 * could not be recorded, so the stalled-job sweep takes the job over at its next pass
 * (unsent-repository.ts markStalledRunsUnsent).
 */
export async function releaseLease(lease: Lease, now: Date): Promise<void> {
  await fenced(lease, { set: { leaseUntil: new Date(0).toISOString() } }, undefined, now);
}

export type RunEnd =
  | { status: 'completed'; report?: CompletenessReport; message: string }
  | { status: 'failed'; errorMessage: string; report?: CompletenessReport }
  /** Stopped by the platform (challenge, expired session): resumes from its cursor after a re-sync. */
  | { status: 'paused'; errorMessage: string; report?: CompletenessReport; pausedFor: 'platform' };

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
