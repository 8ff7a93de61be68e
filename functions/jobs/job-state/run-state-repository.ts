import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AutomationStatus,
  BudgetForecast,
  CompletenessReport,
  EnrichmentState,
  JobStage,
} from '../../../shared/automations-values';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { isConditionalCheckFailure } from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import { moveCondition, whileStatus } from './job-moves';
import { unsentMarker } from './unsent-repository';

/**
 * The run state of a job, kept on its automation item (access pattern 19): who holds the run (a
 * lease), which run message it came from (the segment), where it stands (the cursor) and what it
 * counted. Every write after the claim (run-claims.ts) is fenced by the lease token, so a worker that lost its lease
 * (a cancel, a pause, a newer segment) can no longer change anything.
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

/** Reads the run state of a claimed automation item. */
export function runStateOf(item: Record<string, unknown>): RunState {
  return {
    cursor: (item.runCursor as RunCursor | undefined) ?? { phase: 'list' },
    counters: { ...emptyCounters(), ...((item.runCounters as Partial<RunCounters> | undefined) ?? {}) },
    totalLeads: typeof item.totalLeads === 'number' ? item.totalLeads : 0,
    countedLeads: typeof item.countedLeads === 'number' ? item.countedLeads : 0,
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

export const snapshotFields = (state: RunSnapshot): Values => ({
  runCursor: state.cursor,
  runCounters: state.counters,
  totalLeads: state.totalLeads,
  countedLeads: state.countedLeads,
  ...(state.totalLeads > 0 ? { hasData: true } : {}),
  ...state.progress,
  ...(state.enrichment ? { enrichment: state.enrichment } : {}),
  ...(state.stages ? { stageHistory: state.stages } : {}),
});

/**
 * The update of a fenced write: it holds only while the lease is this worker's and the job still runs.
 * `add` are counters added to (`field = field + n`).
 */
export function fencedUpdate(
  lease: Lease,
  set: Values,
  remove: readonly string[] = [],
  now = new Date(),
  add: Record<string, number> = {},
) {
  // A write that sets the status moves it as the engine may from running (a job's end); any other keeps it running.
  const status = typeof set.status === 'string' ? (set.status as AutomationStatus) : undefined;
  const held = status ? moveCondition(status, 'engine', { only: ['running'] }) : whileStatus('running');
  const names: Record<string, string> = { ...held.names };
  const values: Values = { ':token': lease.token, ...held.values };
  const parts: string[] = [];
  let i = 0;
  for (const [field, value] of Object.entries({ ...set, updatedAt: now.toISOString() })) {
    if (value === undefined) continue;
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    parts.push(`#f${i} = :v${i}`);
    i++;
  }
  for (const [field, value] of Object.entries(add)) {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    values[':zero'] = 0;
    parts.push(`#f${i} = if_not_exists(#f${i}, :zero) + :v${i}`);
    i++;
  }
  const removed = remove.map((field, j) => {
    names[`#r${j}`] = field;
    return `#r${j}`;
  });
  return {
    TableName: tableName(),
    Key: keys.automation(lease.userId, lease.automationId),
    UpdateExpression: `SET ${parts.join(', ')}${removed.length ? ` REMOVE ${removed.join(', ')}` : ''}`,
    ConditionExpression: `leaseToken = :token AND ${held.expression}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** A fenced update on its own. */
async function fenced(lease: Lease, set: Values, remove: readonly string[] = [], now = new Date()) {
  try {
    await dynamo().send(new UpdateCommand(fencedUpdate(lease, set, remove, now)));
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new LeaseLostError();
    throw error;
  }
}

/** Saves where the job stands and its progress; the next segment (or a retry) continues from here. */
export async function checkpoint(lease: Lease, state: RunSnapshot, now?: Date): Promise<void> {
  await fenced(lease, snapshotFields(state), [], now);
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
    { stage: entered.stage, message: entered.message, stageHistory: entered.stages },
    [],
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
      ...snapshotFields(state),
      ...(wait
        ? { waitUntil: wait.until.toISOString(), sendAt: wait.until.toISOString(), forecast: wait.forecast }
        : {}),
      leaseUntil: new Date(0).toISOString(),
      queuedSegment: lease.segment + 1,
      ...unsentMarker(lease.userId, lease.automationId, at),
      gsi2pk: keys.runQueue.waiting,
      gsi2sk: keys.runQueueSort((wait?.until ?? now).toISOString(), lease.userId, lease.automationId),
    },
    wait ? [] : ['sendAt', 'waitUntil', 'forecast'],
    now,
  );
}

/**
 * A failed attempt that the queue delivers again (the same segment): the lease ends now, so the retry may
 * claim the job at once, with what this attempt saved.
 */
export async function releaseForRetry(lease: Lease, state: RunSnapshot, now: Date): Promise<void> {
  await fenced(lease, { ...snapshotFields(state), leaseUntil: new Date(0).toISOString() }, [], now);
}

/**
 * Ends the lease and nothing else, the job's state staying as last saved: for a last attempt whose failure
 * could not be recorded, so the stalled-job sweep takes the job over at its next pass
 * (unsent-repository.ts markStalledRunsUnsent).
 */
export async function releaseLease(lease: Lease, now: Date): Promise<void> {
  await fenced(lease, { leaseUntil: new Date(0).toISOString() }, [], now);
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
