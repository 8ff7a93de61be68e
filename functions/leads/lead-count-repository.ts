import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';

/**
 * An automation's lead count (issue 19 point 10). New leads are counted in the transaction that
 * creates them, on a count shard of the automation's leads partition (access pattern 33), not on the
 * automation item: two batches of a job are stored at once, and a transaction on the automation item
 * would conflict with the other batch and with the job's own checkpoint.
 *
 * The automation item keeps `totalLeads` (what lists and the leads page read) and `countedLeads`, the
 * shards' sum that total already includes. Every write keeps `totalLeads - countedLeads` unchanged (a
 * job adds the same number to both), so the exact count is always
 * `totalLeads + (sum of the shards - countedLeads)`: a crash between a batch and its checkpoint, or a
 * cancel while a batch is in flight, is made good at the next claim or by `settleLeadCount`.
 * Automations from before the shards have no `countedLeads` and no shards: the difference is 0.
 */
export interface LeadCount {
  totalLeads: number;
  countedLeads: number;
}

/** The sum of an automation's count shards (strongly consistent). */
export async function shardedLeadCount(userId: string, automationId: string): Promise<number> {
  let sum = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.automationLeadsPartition(userId, automationId),
          ':prefix': keys.leadCountPrefix,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) sum += typeof item.leads === 'number' ? item.leads : 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return sum;
}

/** What an automation item records of its count (absent fields are 0). */
export function recordedCount(item: Record<string, unknown>): LeadCount {
  return {
    totalLeads: typeof item.totalLeads === 'number' ? item.totalLeads : 0,
    countedLeads: typeof item.countedLeads === 'number' ? item.countedLeads : 0,
  };
}

/** The exact count, from what the automation recorded and the shards' sum now. */
export function exactCount(recorded: LeadCount, shards: number): LeadCount {
  return { totalLeads: recorded.totalLeads + shards - recorded.countedLeads, countedLeads: shards };
}

/** The transaction item that counts `leads` new leads on one shard. */
export function countOnShard(userId: string, automationId: string, shard: number, leads: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.leadCountShard(userId, automationId, shard),
      UpdateExpression: 'ADD leads :n',
      ExpressionAttributeValues: { ':n': leads },
    },
  };
}

/**
 * Brings the automation item's count up to its shards, for a job that will not checkpoint again (it
 * was cancelled or paused while a batch was in flight). Conditional on the count it read, so a
 * concurrent writer's pair is never mixed with this one; such a writer keeps the difference anyway.
 */
export async function settleLeadCount(userId: string, automationId: string): Promise<void> {
  const { Item: item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.automation(userId, automationId),
      ProjectionExpression: 'totalLeads, countedLeads',
      ConsistentRead: true,
    }),
  );
  if (!item) return;
  const recorded = recordedCount(item);
  const exact = exactCount(recorded, await shardedLeadCount(userId, automationId));
  if (exact.countedLeads === recorded.countedLeads) return;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.automation(userId, automationId),
        UpdateExpression: 'SET totalLeads = :total, countedLeads = :counted, hasData = :true',
        ConditionExpression:
          'attribute_exists(pk) AND (countedLeads = :before OR (attribute_not_exists(countedLeads) AND :before = :zero))',
        ExpressionAttributeValues: {
          ':total': exact.totalLeads,
          ':counted': exact.countedLeads,
          ':before': recorded.countedLeads,
          ':zero': 0,
          ':true': true,
        },
      }),
    );
  } catch (error) {
    // Another writer moved the count meanwhile (or the automation is gone): its pair holds.
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
