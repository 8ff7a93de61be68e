import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { purgeMessage, purgeSome, queuePurges } from '../account/partition-purge';
import { logger, setRequestLogFields } from '../core/logger';
import { queuePort } from '../core/ports/queue';

/**
 * Consumes the purge queue (partial batch failures, Powertools batch): each message empties some of
 * one partition and, when more is left, queues the rest as a new message. A failed delete is retried
 * by SQS; deleting what is already gone does nothing, so a retry is harmless.
 */
const processor = new BatchProcessor(EventType.SQS);
const queue = queuePort();

async function processRecord(record: SQSRecord): Promise<void> {
  const parsed = purgeMessage.safeParse(JSON.parse(record.body));
  if (!parsed.success) throw new Error(`Malformed purge message: ${parsed.error.issues[0]?.message}`);
  const done = await purgeSome(parsed.data.partition);
  if (!done) await queuePurges(queue, [parsed.data.partition]);
  logger.info('partition purged', { done });
}

export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  setRequestLogFields({ worker: 'partition-purger' });
  return processPartialResponse(event, processRecord, processor, { context, throwOnFullBatchFailure: false });
}
