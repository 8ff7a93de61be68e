import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { batchDelete, type ItemKey, UnprocessedItemsError } from '../../../../functions/core/batch-delete';
import { recordingClient, type SentCommand } from '../../support/recording-client';

const TABLE = 'test-trobly';
const keysFor = (n: number): ItemKey[] =>
  Array.from({ length: n }, (_, i) => ({ pk: 'USER#u', sk: `ITEM#${i}` }));
const requested = (command: SentCommand) =>
  (
    (command.input as { RequestItems: Record<string, Array<{ DeleteRequest: { Key: ItemKey } }>> })
      .RequestItems[TABLE] ?? []
  ).map((r) => r.DeleteRequest.Key);
/** A client that leaves the first `left[i]` keys of call i unprocessed. */
const throttling = (left: number[]) => {
  let call = 0;
  return recordingClient<DynamoDBDocumentClient>((command) => {
    const keys = requested(command);
    const unprocessed = keys.slice(0, left[call++] ?? 0);
    return unprocessed.length
      ? { UnprocessedItems: { [TABLE]: unprocessed.map((Key) => ({ DeleteRequest: { Key } })) } }
      : {};
  });
};

function recordingWait() {
  const waits: number[] = [];
  return { waits, wait: async (ms: number) => void waits.push(ms) };
}

describe('batchDelete', () => {
  it('deletes in batches of 25 and waits for nothing when DynamoDB processes everything', async () => {
    const dynamo = recordingClient<DynamoDBDocumentClient>();
    const { waits, wait } = recordingWait();
    await batchDelete(keysFor(60), { client: dynamo.client, table: TABLE, wait });
    expect(dynamo.sent.every((c) => c instanceof BatchWriteCommand)).toBe(true);
    expect(dynamo.sent.map((c) => requested(c).length)).toEqual([25, 25, 10]);
    expect(dynamo.sent.flatMap(requested)).toEqual(keysFor(60));
    expect(waits).toEqual([]);
  });

  it('sends the unprocessed items again, after a backoff that doubles, with full jitter', async () => {
    const dynamo = throttling([5, 3, 1]);
    const { waits, wait } = recordingWait();
    await batchDelete(keysFor(10), {
      client: dynamo.client,
      table: TABLE,
      wait,
      random: () => 0.5,
      baseDelayMs: 100,
    });
    expect(dynamo.sent.map((c) => requested(c).length)).toEqual([10, 5, 3, 1]);
    // Half (the random draw) of 100, 200, 400 ms.
    expect(waits).toEqual([50, 100, 200]);
  });

  it('caps each wait at maxDelayMs and draws it below the ceiling', async () => {
    const dynamo = throttling([1, 1, 1, 1, 1]);
    const { waits, wait } = recordingWait();
    await batchDelete(keysFor(1), {
      client: dynamo.client,
      table: TABLE,
      wait,
      random: () => 0.999,
      baseDelayMs: 100,
      maxDelayMs: 250,
    });
    expect(waits).toEqual([99, 199, 249, 249, 249]);
  });

  it('throws after maxAttempts calls for a batch that never gets through, without waiting after the last', async () => {
    const dynamo = throttling(Array(10).fill(25));
    const { waits, wait } = recordingWait();
    const failure = batchDelete(keysFor(30), { client: dynamo.client, table: TABLE, wait, maxAttempts: 4 });
    await expect(failure).rejects.toBeInstanceOf(UnprocessedItemsError);
    await expect(failure).rejects.toMatchObject({ remaining: 25 });
    // The first batch only: 4 calls and 3 waits; the second batch is never sent.
    expect(dynamo.sent).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('sends nothing for no keys', async () => {
    const dynamo = recordingClient<DynamoDBDocumentClient>();
    await batchDelete([], { client: dynamo.client, table: TABLE });
    expect(dynamo.sent).toEqual([]);
  });
});
