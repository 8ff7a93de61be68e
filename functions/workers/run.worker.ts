import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { runMessage } from '../../shared/run-messages';
import { logger, withRequestLogFields } from '../core/logger';
import { queuePort } from '../core/ports/queue';
import { retryDelaySeconds } from '../core/queues';
import { metrics } from '../engine/run-metrics';
import { runContext, runs } from './run-deps';

/**
 * Consumes the run queues (trob-runs, flow-runs) with partial batch failures (Powertools batch), so
 * one failed run never re-delivers the others. A message that does not parse fails every time and
 * ends in the DLQ; a run that fails is retried, and its last attempt ends the job as failed, or, when
 * even that write fails, leaves the job to the stalled-job sweep (functions/engine/run-service.ts).
 * So a run's own failures never reach the DLQ: besides unreadable messages it holds only those whose
 * every attempt failed before the job was claimed or the tick done (the table out of reach). Of these
 * a running job is still taken over by the sweep; a pending job or a tick is not sent again by itself.
 */
async function processRecord(record: SQSRecord, lambda: Context): Promise<void> {
  const log = logger.child({ messageId: record.messageId, queue: record.eventSourceARN.split(':').at(-1) });
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    throw new Error('Malformed run message: not JSON');
  }
  const parsed = runMessage.safeParse(body);
  if (!parsed.success) throw new Error(`Malformed run message: ${parsed.error.issues[0]?.message}`);
  const message = parsed.data;
  const runLog = log.child(
    message.kind === 'trob-tick' || message.kind === 'flow-tick'
      ? { automationId: message.automationId, kind: message.kind }
      : { jobId: message.jobId, kind: message.kind, segment: message.segment },
  );
  const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
  const context = runContext(runLog, lambda, receiveCount);
  try {
    switch (message.kind) {
      case 'trob-run':
      case 'flow-run': {
        const outcome = await runs.run(message, context);
        runLog.info('run message processed', { outcome });
        return;
      }
      case 'trob-tick':
      case 'flow-tick': {
        const outcome = await runs.tick(message, context);
        runLog.info('schedule tick processed', { outcome });
        return;
      }
    }
  } catch (error) {
    await retrySoon(record, receiveCount, runLog);
    throw error;
  }
}

/**
 * A failed run comes back within about a minute, with backoff, not after the queue's visibility timeout
 * (which outlasts a whole invocation). If the queue refuses, the timeout still brings it back.
 */
async function retrySoon(record: SQSRecord, receiveCount: number, log: typeof logger): Promise<void> {
  const queue = record.eventSourceARN
    .split(':')
    .at(-1)
    ?.replace(/^.*-(trob-runs|flow-runs)$/, '$1');
  if (queue !== 'trob-runs' && queue !== 'flow-runs') return;
  const seconds = retryDelaySeconds(receiveCount);
  await queuePort()
    .retryAfter(queue, record.receiptHandle, seconds)
    .then(() => log.info('run retried soon', { seconds }))
    .catch((error: unknown) =>
      log.warn('retry delay not set; the visibility timeout brings it back', { error }),
    );
}

export function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  // An invocation is not a request: its lines carry the worker's name, and no request's fields.
  return withRequestLogFields({ worker: 'run' }, () => processBatch(event, context));
}

async function processBatch(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  try {
    // A processor per invocation: the local cloud runs several invocations in one process, and a shared
    // processor's state (its records and failures) would mix theirs.
    return await processPartialResponse(
      event,
      (record: SQSRecord) => processRecord(record, context),
      new BatchProcessor(EventType.SQS),
      { context, throwOnFullBatchFailure: false },
    );
  } finally {
    metrics.publishStoredMetrics();
  }
}
