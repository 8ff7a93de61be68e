import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { lambdaContext, loadHandler } from './lambda-runtime';

/** How many unsent automations one pass hands over, as a stream batch would. */
const RELAY_BATCH = 100;

/**
 * The local stand-in for the table stream that feeds the run dispatcher in AWS
 * (functions/workers/run-dispatcher.stream.ts, filtered to new images on the unsent index): a pass reads
 * the unsent index as the service would and hands each item, as a stream record's new image, to the
 * dispatcher's function, which runs with its own environment and role. Answers the automation ids whose
 * record failed (left on the index for the next pass, as a stream retries).
 */
export async function relayUnsentOnce(): Promise<string[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.unsentAutomations.index,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.unsentAutomations.pk },
      Limit: RELAY_BATCH,
    }),
  );
  const items = out.Items ?? [];
  if (items.length === 0) return [];
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
  const handler = (await loadHandler('workers/run-dispatcher', '.stream.ts')) as (
    e: DynamoDBStreamEvent,
    c: unknown,
  ) => Promise<DynamoDBBatchResponse>;
  const result = await handler(event, lambdaContext('workers/run-dispatcher', 30_000));
  const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
  return items.filter((_, i) => failed.has(String(i))).map((item) => String(item.id));
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
