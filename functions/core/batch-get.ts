import { setTimeout as sleep } from 'node:timers/promises';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients/dynamo';
import type { ItemKey } from './table';

/** DynamoDB reads at most 100 keys in one BatchGetItem. */
const BATCH_GET = 100;
/** Calls per batch, the first included, before giving up on keys DynamoDB left unprocessed. */
const MAX_ATTEMPTS = 8;

/**
 * Reads the items of `keyList` (consistent unless asked otherwise), 100 at a time; keys DynamoDB leaves
 * unprocessed (throttling) are read again after a growing, jittered pause. Items that do not exist are
 * simply not among the answers.
 */
export async function batchGet(
  keyList: readonly ItemKey[],
  options: { consistent?: boolean; projection?: string } = {},
): Promise<Array<Record<string, unknown>>> {
  const found: Array<Record<string, unknown>> = [];
  for (let i = 0; i < keyList.length; i += BATCH_GET) {
    let request = keyList.slice(i, i + BATCH_GET) as unknown as Array<Record<string, unknown>> | undefined;
    for (let attempt = 0; request && request.length > 0; attempt++) {
      if (attempt === MAX_ATTEMPTS) throw new Error('DynamoDB left reads unprocessed after every retry');
      if (attempt > 0) await sleep(Math.random() * 50 * 2 ** attempt);
      const out = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: request,
              ConsistentRead: options.consistent ?? true,
              ...(options.projection
                ? { ProjectionExpression: '#p', ExpressionAttributeNames: { '#p': options.projection } }
                : {}),
            },
          },
        }),
      );
      found.push(...(out.Responses?.[tableName()] ?? []));
      request = out.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined;
    }
  }
  return found;
}
