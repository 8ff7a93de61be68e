import {
  ChangeMessageVisibilityCommand,
  GetQueueAttributesCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { sqsClient } from '../clients/sqs';
import { queueUrl } from '../env';
import type { QueueName } from '../queues';

/**
 * Queue port. One adapter serves both runtimes: SQS in AWS, and on the local cloud the same SQS API
 * served by fauxqs; only the endpoint differs (chosen in clients/sqs from APP_RUNTIME).
 */
export interface QueuePort {
  send(
    queue: QueueName,
    message: unknown,
    options?: { delaySeconds?: number },
  ): Promise<{ messageId: string }>;
  /**
   * A received message that failed comes back after `seconds` instead of the queue's visibility timeout
   * (a retry with backoff; issue 19 point 7).
   */
  retryAfter(queue: QueueName, receiptHandle: string, seconds: number): Promise<void>;
  /** Throws when the queue cannot be reached: the health check's probe. */
  ping(queue: QueueName, signal?: AbortSignal): Promise<void>;
}

export function sqsQueue(given?: SQSClient): QueuePort {
  // Resolved per call, not at build time: the port outlives a client that resetClients() replaced
  // (a local cloud restarted in one process points at a new SQS endpoint).
  const client = () => given ?? sqsClient();
  return {
    async send(queue, message, options = {}) {
      const out = await client().send(
        new SendMessageCommand({
          QueueUrl: queueUrl(queue),
          MessageBody: JSON.stringify(message),
          ...(options.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
        }),
      );
      if (!out.MessageId) throw new Error(`SQS returned no message id for ${queue}`);
      return { messageId: out.MessageId };
    },
    async retryAfter(queue, receiptHandle, seconds) {
      await client().send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl(queue),
          ReceiptHandle: receiptHandle,
          VisibilityTimeout: seconds,
        }),
      );
    },
    async ping(queue, signal) {
      await client().send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl(queue), AttributeNames: ['QueueArn'] }),
        signal ? { abortSignal: signal } : {},
      );
    },
  };
}

let chosen: QueuePort | undefined;
export function queuePort(): QueuePort {
  chosen ??= sqsQueue();
  return chosen;
}
