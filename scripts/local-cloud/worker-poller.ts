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
 *
 * Lambda runs several invocations of a consumer at once; `concurrency` plays that: as many loops, each
 * receiving its own batch and invoking the consumer with a context of its own (its own deadline), so
 * jobs overlap locally as they do in AWS. Each loop deletes only the records of its own batch.
 */
export interface PollerOptions {
  client: SQSClient;
  definition: QueueDefinition;
  queueUrl: string;
  queueArn: string;
  /** Loads the consumer; tests may pass their own. */
  loadConsumer?: () => Promise<unknown>;
  waitSeconds?: number;
  /** Invocations at once (default 1). */
  concurrency?: number;
}

/** Run messages the local cloud handles at once, unless LOCAL_RUN_CONCURRENCY says otherwise. */
const DEFAULT_LOCAL_RUN_CONCURRENCY = 2;
/** Enough for a PLUS user's 15 automations at once; each run drives a Chromium page in this process. */
const MAX_LOCAL_RUN_CONCURRENCY = 16;

/**
 * How many invocations the local poller of a queue runs at once: LOCAL_RUN_CONCURRENCY (default 2) for
 * `trob-runs`, whose jobs overlap in AWS, and 1 for the other queues. Unlike Lambda, invocations here
 * share their module's state, so the run worker builds its Powertools batch processor per invocation;
 * the other workers keep one each and run one invocation at a time.
 */
export function localPollerConcurrency(
  definition: Pick<QueueDefinition, 'name'>,
  source: NodeJS.ProcessEnv = process.env,
): number {
  if (definition.name !== 'trob-runs') return 1;
  const raw = source.LOCAL_RUN_CONCURRENCY?.trim();
  if (!raw) return DEFAULT_LOCAL_RUN_CONCURRENCY;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_LOCAL_RUN_CONCURRENCY) {
    throw new Error(
      `LOCAL_RUN_CONCURRENCY must be a whole number from 1 to ${MAX_LOCAL_RUN_CONCURRENCY} (got '${source.LOCAL_RUN_CONCURRENCY}')`,
    );
  }
  return value;
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
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`A poller's concurrency is a whole number of at least 1 (got ${concurrency})`);
  const abort = new AbortController();
  /** One invocation at a time: receive a batch, invoke, delete what succeeded; again until stopped. */
  const invocations = async () => {
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
  };
  const loops = Promise.all(Array.from({ length: concurrency }, invocations));
  return {
    /** Ends every running invocation's time and waits until each has returned and its batch is settled. */
    async stop() {
      abort.abort();
      await loops;
    },
  };
}
