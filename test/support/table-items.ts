import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import type { ItemKey } from '../../functions/core/table';

/**
 * Direct reads and writes of the test table, for what the API cannot show or a test cannot wait for:
 * what is stored (hashes, lifetimes, leftovers) and a clock moved forward (an expiry in the past).
 */
export type Item = Record<string, unknown>;

export async function scanTable(): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function getItem(key: ItemKey): Promise<Item | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item;
}

/** Moves an item's expiry (epoch seconds) into the past, as if its lifetime had run out. */
export async function expireItem(key: ItemKey, secondsAgo = 60): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET expiresAt = :past',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - secondsAgo },
    }),
  );
}

/** Items whose stored text mentions `needle` anywhere (keys or attributes). */
export async function itemsMentioning(needle: string): Promise<Item[]> {
  return (await scanTable()).filter((item) => JSON.stringify(item).includes(needle));
}
