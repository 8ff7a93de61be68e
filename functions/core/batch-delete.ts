import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients/dynamo';

export type ItemKey = { pk: string; sk: string };

/** DynamoDB takes at most 25 requests in one BatchWriteItem. */
const BATCH_SIZE = 25;

export interface BatchDeleteOptions {
  client?: Pick<DynamoDBDocumentClient, 'send'>;
  table?: string;
  /** Calls per batch, the first included, before giving up on items DynamoDB left unprocessed. */
  maxAttempts?: number;
  /** The backoff's first ceiling; each retry doubles it, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  wait?: (ms: number) => Promise<unknown>;
  random?: () => number;
}

export class UnprocessedItemsError extends Error {
  constructor(readonly remaining: number) {
    super(`DynamoDB left ${remaining} delete(s) unprocessed after every retry`);
    this.name = 'UnprocessedItemsError';
  }
}

/**
 * Deletes the items 25 at a time. DynamoDB answers a throttled batch with `UnprocessedItems` rather
 * than an error; those are sent again after an exponential backoff with full jitter (a random wait
 * below base * 2^retry, capped), at most `maxAttempts` calls per batch, then UnprocessedItemsError.
 */
export async function batchDelete(keys: readonly ItemKey[], options: BatchDeleteOptions = {}): Promise<void> {
  const {
    client = dynamo(),
    table = tableName(),
    maxAttempts = 8,
    baseDelayMs = 50,
    maxDelayMs = 2000,
    wait = sleep,
    random = Math.random,
  } = options;
  for (let i = 0; i < keys.length; i += BATCH_SIZE) {
    let requests = keys.slice(i, i + BATCH_SIZE).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt === maxAttempts) throw new UnprocessedItemsError(requests.length);
      if (attempt > 0)
        await wait(Math.floor(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1))));
      const out = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}
