import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { batchDelete } from '../core/batch-delete';
import { dynamo, tableName } from '../core/clients/dynamo';
import type { QueuePort } from '../core/ports/queue';
import { keys } from '../core/table';

/**
 * The partitions an account owns beside its main one (core/table.ts patterns 25-29: an automation's
 * leads, the profiles seen per platform, a connection's budget counters, the monthly usage) are emptied
 * by the purge queue: one message per partition, each deleting a bounded number of keys and handing
 * the rest to a new message, so no request and no invocation runs out of time on a large dataset.
 */
export const PURGE_KEYS_PER_MESSAGE = 2000;

/** Only these partitions may be purged: never a user's main partition or another kind. */
const PURGEABLE = /^USER#[^#]+#(LEADS#[^#]+|SEEN#[a-z]+|BUDGET#[^#]+|USAGE)$/;

export const purgeMessage = z.object({
  kind: z.literal('purge-partition'),
  partition: z.string().check(z.maxLength(300), z.regex(PURGEABLE, 'not a purgeable partition')),
});
export type PurgeMessage = z.infer<typeof purgeMessage>;

/** Every partition of the user's own beside the main one, from what the main partition still names. */
export function ownedPartitions(
  userId: string,
  owned: { automationIds: readonly string[]; connectionIds: readonly string[]; platforms: readonly string[] },
): string[] {
  return [
    ...owned.automationIds.map((id) => keys.automationLeadsPartition(userId, id)),
    ...owned.connectionIds.map((id) => keys.budgetPartition(userId, id)),
    ...owned.platforms.map((platform) => keys.seenProfilesPartition(userId, platform)),
    keys.usagePartition(userId),
  ];
}

export async function queuePurges(
  queue: Pick<QueuePort, 'send'>,
  partitions: readonly string[],
): Promise<void> {
  for (const partition of partitions) {
    const message: PurgeMessage = { kind: 'purge-partition', partition };
    await queue.send('purge', message);
  }
}

/** Deletes up to PURGE_KEYS_PER_MESSAGE keys of the partition; true when it is empty now. */
export async function purgeSome(partition: string): Promise<boolean> {
  const found: Array<{ pk: string; sk: string }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: 'pk, sk',
        Limit: PURGE_KEYS_PER_MESSAGE - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((out.Items ?? []) as Array<{ pk: string; sk: string }>));
    start = out.LastEvaluatedKey;
  } while (start && found.length < PURGE_KEYS_PER_MESSAGE);
  await batchDelete(found);
  return !start;
}
