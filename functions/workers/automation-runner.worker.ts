import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runMessage } from '../../shared/queue-messages';
import { logger, setRequestLogFields } from '../core/logger';
import { runners } from './runners';

/**
 * Consumes the run queues one record at a time and reports partial batch failures, so one bad run
 * never re-delivers the others. A failed record returns to its queue after the visibility timeout and
 * moves to the DLQ after maxReceiveCount (functions/core/queues.ts).
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  // An invocation is not a request: no request's fields may carry over into its lines.
  setRequestLogFields({ worker: 'automation-runner' });
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const log = logger.child({ messageId: record.messageId, queue: record.eventSourceARN.split(':').at(-1) });
    try {
      const parsed = runMessage.safeParse(JSON.parse(record.body));
      if (!parsed.success) throw new Error(`Malformed run message: ${parsed.error.issues[0]?.message}`);
      const run = runners[parsed.data.kind];
      if (!run) throw new Error(`No runner for kind '${parsed.data.kind}'`);
      const runLog = log.child({ runId: parsed.data.runId, kind: parsed.data.kind });
      await run(parsed.data, runLog);
      runLog.info('run message processed');
    } catch (error) {
      log.error('run message failed', { error, receiveCount: record.attributes.ApproximateReceiveCount });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
