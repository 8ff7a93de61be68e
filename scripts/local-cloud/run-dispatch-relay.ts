import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { stackFunction } from './function-runtime/runtime';
import { lambdaContext, loadHandler } from './lambda-runtime';

const RUN_DISPATCHER_ENTRY = 'functions/workers/run-dispatcher.stream.ts';

/**
 * The local stand-in for the table stream that feeds the run dispatcher in AWS
 * (functions/workers/run-dispatcher.stream.ts, filtered to new images on the unsent index): a pass reads
 * the whole unsent index as the service would and hands its items, as stream records' new images, to the
 * dispatcher's function in batches of its event source mapping's size; the function runs with its own
 * environment and role. Answers the automation ids whose record failed (left on the index for the next
 * pass, as a stream retries).
 */
export async function relayUnsentOnce(): Promise<string[]> {
  const batchSize = (await stackFunction(RUN_DISPATCHER_ENTRY)).eventSourceBatchSize ?? 10;
  const handler = (await loadHandler('workers/run-dispatcher', '.stream.ts')) as (
    e: DynamoDBStreamEvent,
    c: unknown,
  ) => Promise<DynamoDBBatchResponse>;
  const failedIds: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keys.unsentAutomations.index,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.unsentAutomations.pk },
        Limit: batchSize,
        ExclusiveStartKey: start,
      }),
    );
    start = out.LastEvaluatedKey;
    const items = out.Items ?? [];
    if (items.length === 0) break;
    const event: DynamoDBStreamEvent = {
      Records: items.map((item, i) => ({
        eventID: `local-${Date.now()}-${i}`,
        eventName: 'MODIFY',
        eventSource: 'aws:dynamodb',
        awsRegion: 'us-east-1',
        dynamodb: {
          Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
          NewImage: marshall(item, { removeUndefinedValues: true }) as never,
          SequenceNumber: String(i),
          StreamViewType: 'NEW_IMAGE',
        },
      })),
    };
    const result = await handler(event, lambdaContext('workers/run-dispatcher', 30_000));
    const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
    failedIds.push(...items.filter((_, i) => failed.has(String(i))).map((item) => String(item.id)));
  } while (start);
  return failedIds;
}

/**
 * Runs a relay pass every `intervalMs`, so a start's message reaches the queue within a fraction of a
 * second as the stream's does. A pass never overlaps the previous one; a failure is logged and the next
 * pass tries again (the automation stays unsent until sent).
 */
export function startRunDispatchRelay(
  options: { intervalMs?: number; log?: (message: string, error?: unknown) => void } = {},
): { stop(): Promise<void> } {
  const log = options.log ?? ((message, error) => console.error(`[local-cloud] ${message}`, error ?? ''));
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        await relayUnsentOnce();
      } catch (error) {
        log('run dispatch relay failed', error);
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(pass, options.intervalMs ?? 250);
  timer.unref();
  pass();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
