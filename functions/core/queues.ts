/**
 * Every queue of the app, read by the CDK workers stack and by the local cloud, so both have the same
 * queues, dead-letter queues and redrive policy.
 *
 * Visibility timeout is six times the consumer's timeout, as AWS advises for Lambda event sources, so a
 * message is not handed out twice while a run is still alive.
 */
export const queueNames = ['trob-runs', 'flow-runs'] as const;
export type QueueName = (typeof queueNames)[number];

export interface QueueDefinition {
  readonly name: QueueName;
  /** The worker handler (`functions/<consumer>.worker.ts`) fed by this queue. */
  readonly consumer: string;
  readonly consumerTimeoutSeconds: number;
  readonly visibilityTimeoutSeconds: number;
  /** After this many failed receives the message moves to `<name>-dlq`. */
  readonly maxReceiveCount: number;
  readonly batchSize: number;
  readonly retentionSeconds: number;
}

const WORKER_TIMEOUT_SECONDS = 300;

export const queues: Record<QueueName, QueueDefinition> = {
  'trob-runs': {
    name: 'trob-runs',
    consumer: 'workers/automation-runner',
    consumerTimeoutSeconds: WORKER_TIMEOUT_SECONDS,
    visibilityTimeoutSeconds: WORKER_TIMEOUT_SECONDS * 6,
    maxReceiveCount: 3,
    batchSize: 1,
    retentionSeconds: 4 * 24 * 3600,
  },
  'flow-runs': {
    name: 'flow-runs',
    consumer: 'workers/automation-runner',
    consumerTimeoutSeconds: WORKER_TIMEOUT_SECONDS,
    visibilityTimeoutSeconds: WORKER_TIMEOUT_SECONDS * 6,
    maxReceiveCount: 3,
    batchSize: 1,
    retentionSeconds: 4 * 24 * 3600,
  },
};

export const deadLetterQueueName = (name: QueueName): string => `${name}-dlq`;
/** DLQs keep a message 14 days, the SQS maximum, so a failure can be studied. */
export const DEAD_LETTER_RETENTION_SECONDS = 14 * 24 * 3600;

/** Env var that carries a queue's URL into a function (`QUEUE_URL_TROB_RUNS`). */
export const queueUrlEnv = (name: QueueName): string => `QUEUE_URL_${name.replace(/-/g, '_').toUpperCase()}`;
/** Env var that carries a queue's ARN (scheduler targets). */
export const queueArnEnv = (name: QueueName): string => `QUEUE_ARN_${name.replace(/-/g, '_').toUpperCase()}`;
