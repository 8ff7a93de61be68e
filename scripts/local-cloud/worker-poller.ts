import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { QueueDefinition } from '../../functions/core/queues';
import { lambdaContext, loadHandler } from './lambda-runtime';

/**
 * The local stand-in for Lambda's SQS event source mapping: long-polls a queue, calls the consumer
 * with an SQS event of up to `batchSize` records, and deletes the records the handler did not report
 * in `batchItemFailures`. Failed records reappear after the visibility timeout and move to the DLQ
 * after maxReceiveCount, exactly as SQS does it in AWS.
 */
export interface PollerOptions {
  client: SQSClient;
  definition: QueueDefinition;
  queueUrl: string;
  queueArn: string;
  /** Loads the consumer; tests may pass their own. */
  loadConsumer?: () => Promise<unknown>;
  waitSeconds?: number;
}

export function toSqsEvent(messages: Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: m.Attributes?.SenderId ?? 'local',
        ApproximateFirstReceiveTimestamp:
          m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: 'us-east-1',
    })),
  };
}

export function startWorkerPoller(options: PollerOptions): { stop(): Promise<void> } {
  const { client, definition, queueUrl, queueArn } = options;
  const load = options.loadConsumer ?? (() => loadHandler(definition.consumer, '.worker.ts'));
  const abort = new AbortController();
  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        const out = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: definition.batchSize,
            WaitTimeSeconds: options.waitSeconds ?? 2,
            MessageSystemAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        const messages = out.Messages ?? [];
        if (messages.length === 0) continue;
        const handler = (await load()) as (e: SQSEvent, c: unknown) => Promise<SQSBatchResponse | undefined>;
        let failed = new Set<string>();
        try {
          const result = await handler(
            toSqsEvent(messages, queueArn),
            // Stopping ends the invocation's time: a running job checkpoints and hands over at once.
            lambdaContext(definition.consumer, definition.consumerTimeoutSeconds * 1000, abort.signal),
          );
          failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        } catch (error) {
          // A thrown handler fails the whole batch, as in Lambda.
          console.error(`[worker] ${definition.consumer} failed`, error);
          failed = new Set(messages.map((m) => m.MessageId!));
        }
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length > 0) {
          await client.send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
      } catch (error) {
        if (abort.signal.aborted) break;
        console.error(`[worker] polling ${definition.name} failed`, error);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  })();
  return {
    async stop() {
      abort.abort();
      await loop;
    },
  };
}
