import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { purgeFollowUp, purgeMessage, purgeSome } from '../account/partition-purge';
import { logger, withRequestLogFields } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { realtimePort } from '../core/ports/realtime';

/**
 * Consumes the purge queue (partial batch failures, Powertools batch): each message empties some of
 * one partition and, when more is left, queues the rest as a new message (an emptied partition gets
 * one late pass, `purgeFollowUp`), or disconnects a deleted
 * account's sockets. A failed delete or disconnect is retried by SQS; deleting what is already gone and
 * disconnecting a gone socket do nothing, so a retry is harmless.
 */
const processor = new BatchProcessor(EventType.SQS);
const queue = queuePort();
const push = realtimePort();

async function processRecord(record: SQSRecord): Promise<void> {
  const parsed = purgeMessage.safeParse(JSON.parse(record.body));
  if (!parsed.success) throw new Error(`Malformed purge message: ${parsed.error.issues[0]?.message}`);
  const message = parsed.data;
  if (message.kind === 'disconnect-sockets') {
    for (const socketId of message.socketIds) await push.disconnect(socketId);
    logger.info('sockets disconnected', { sockets: message.socketIds.length });
    return;
  }
  const empty = await purgeSome(message.partition);
  const next = purgeFollowUp(message, empty);
  if (next) await queue.send('purge', next.message, { delaySeconds: next.delaySeconds });
  logger.info('partition purged', { empty, latePass: message.latePass === true });
}

export function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  return withRequestLogFields({ worker: 'partition-purger' }, () =>
    processPartialResponse(event, processRecord, processor, { context, throwOnFullBatchFailure: false }),
  );
}
