import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { runDispatch } from '../automations/run-dispatch-deps';
import { withRequestLogFields } from '../core/logger';
import { unsentOf } from '../jobs/unsent-repository';

/**
 * The run dispatch's sender in AWS: the table's stream (new images, filtered in lib/workers-stack.ts to
 * items on the unsent index) hands each automation marked unsent to the run dispatch, which sends its
 * message and takes it off the index. A failed send fails its record (partial batch response), which
 * Lambda retries; the timer's sweep (dispatch-unsent.task.ts) is the net behind both.
 */
const processor = new BatchProcessor(EventType.DynamoDBStreams);

async function processRecord(record: DynamoDBRecord): Promise<void> {
  const image = record.dynamodb?.NewImage;
  // The filter lets only unsent items through; anything else (a removal, another item) is not ours.
  const unsent = image ? unsentOf(unmarshall(image as Record<string, AttributeValue>)) : undefined;
  if (!unsent) return;
  if (!(await runDispatch.dispatch(unsent))) throw new Error(`Run message of ${unsent.id} not sent`);
}

export function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  return withRequestLogFields({ worker: 'run-dispatcher' }, () =>
    processPartialResponse(event, processRecord, processor, { context, throwOnFullBatchFailure: false }),
  );
}
