import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { withRequestLogFields } from '../core/logger';
import { runDispatch } from './run-dispatch-deps';

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
  if (!image) return;
  if (!(await runDispatch.dispatchImage(image)))
    throw new Error(`Run message of ${String(record.dynamodb?.Keys?.sk?.S)} not sent`);
}

export function handler(event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> {
  return withRequestLogFields({ worker: 'run-dispatcher' }, () =>
    processPartialResponse(event, processRecord, processor, { context, throwOnFullBatchFailure: false }),
  );
}
