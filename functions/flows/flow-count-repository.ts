import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityType, MatchQuality, ProspectStatus } from '../../shared/flow-insights';
import { dynamo, tableName } from '../core/clients/dynamo';
import { keys } from '../core/table';
import { isoDay, wallDayOf } from '../core/zone-clock';

/**
 * A flow's counts, kept as things happen (issue 21 point 1: the analytics read aggregates, never every
 * activity): one item per day of the flow's own time zone (a period's series is one query between two
 * days) and one item of all time (the activity feed's totals). Each change adds to both in one
 * transaction, so they always agree.
 */
export const STEP_COUNTS = [
  'prospectsFound',
  'scored',
  'duplicates',
  'engaged',
  'invited',
  'accepted',
  'declined',
  'messaged',
  'replied',
] as const;
export type StepCount = (typeof STEP_COUNTS)[number];

/** A step counted by the prospect's match quality too (does the AI's score predict acceptance?). */
export type QualityCount = `${'invited' | 'accepted'}_${MatchQuality}`;
/** An activity of a type that succeeded or not (the feed's totals by type and status). */
export type ActivityCount = `a_${ActivityType}_${'ok' | 'failed'}`;
/** The flow's prospects in a status, now (all-time item only: the prospects list's filtered totals). */
export type StatusCount = `p_${ProspectStatus}`;
export type FlowCount = StepCount | QualityCount | ActivityCount | StatusCount;
export type FlowCounts = Partial<Record<FlowCount, number>>;

export const qualityCount = (step: 'invited' | 'accepted', quality: MatchQuality): QualityCount =>
  `${step}_${quality}`;
export const activityCount = (type: ActivityType, ok: boolean): ActivityCount =>
  `a_${type}_${ok ? 'ok' : 'failed'}`;

/** The flow's local date of an instant ('YYYY-MM-DD'). */
export const flowDayOf = (at: Date, timeZone: string): string => isoDay(wallDayOf(at.getTime(), timeZone));

export const statusCount = (status: ProspectStatus): StatusCount => `p_${status}`;

/** The update that adds `counts` to the all-time item only (for a transaction). */
export function totalsUpdate(userId: string, flowId: string, counts: FlowCounts) {
  const entries = Object.entries(counts).filter(([, n]) => n !== undefined && n !== 0);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.flowTotals(userId, flowId),
      UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, n], i) => [`:c${i}`, n])),
    },
  };
}

/** The two updates that add `counts` to the day's item and to the all-time item (for a transaction). */
export function countUpdates(userId: string, flowId: string, day: string, counts: FlowCounts) {
  const entries = Object.entries(counts).filter(([, n]) => n !== undefined && n !== 0);
  if (entries.length === 0) return [];
  const names = Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name]));
  const values = Object.fromEntries(entries.map(([, n], i) => [`:c${i}`, n]));
  const add = `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`;
  return [keys.flowDay(userId, flowId, day), keys.flowTotals(userId, flowId)].map((Key) => ({
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: `${add} SET #day = if_not_exists(#day, :day)`,
      ExpressionAttributeNames: { ...names, '#day': 'day' },
      ExpressionAttributeValues: { ...values, ':day': Key.sk === 'TOTALS' ? 'all' : day },
    },
  }));
}

/** Adds to the flow's counts of `at`'s day (in the flow's zone) and of all time, together. */
export async function addFlowCounts(
  userId: string,
  flowId: string,
  at: Date,
  timeZone: string,
  counts: FlowCounts,
): Promise<void> {
  const updates = countUpdates(userId, flowId, flowDayOf(at, timeZone), counts);
  if (updates.length === 0) return;
  await dynamo().send(new TransactWriteCommand({ TransactItems: updates }));
}

export type DayCounts = FlowCounts & { day: string };

/** The flow's day items from `from` to `to` (inclusive, 'YYYY-MM-DD'), oldest first: one query. */
export async function flowDays(
  userId: string,
  flowId: string,
  from: string,
  to: string,
): Promise<DayCounts[]> {
  const days: DayCounts[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.prospectsPartition(userId, flowId),
          ':from': keys.flowDay(userId, flowId, from).sk,
          ':to': keys.flowDay(userId, flowId, to).sk,
        },
        ExclusiveStartKey: start,
      }),
    );
    for (const { pk: _pk, sk: _sk, ...item } of page.Items ?? []) days.push(item as DayCounts);
    start = page.LastEvaluatedKey;
  } while (start);
  return days;
}

/** The flow's counts of all time (zeros before anything happened). */
export async function flowTotalCounts(userId: string, flowId: string): Promise<FlowCounts> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.flowTotals(userId, flowId), ConsistentRead: true }),
  );
  const { pk: _pk, sk: _sk, day: _day, ...counts } = out.Item ?? {};
  return counts as FlowCounts;
}
