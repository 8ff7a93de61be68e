import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchDelete } from '../core/batch-delete';
import { dynamo, tableName } from '../core/clients/dynamo';

/**
 * A deleted account's partitions, emptied a bounded number of keys at a time (partition-purge.ts queues
 * the purges and decides what follows each).
 */

/** Deletes up to `limit` keys of the partition; true when it is empty now. */
export async function deletePartitionKeys(partition: string, limit: number): Promise<boolean> {
  const found: Array<{ pk: string; sk: string }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: 'pk, sk',
        Limit: limit - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((out.Items ?? []) as Array<{ pk: string; sk: string }>));
    start = out.LastEvaluatedKey;
  } while (start && found.length < limit);
  await batchDelete(found);
  return !start;
}
