import type { Capability } from '../route-types';

/**
 * Every queue of the app, read by the CDK workers stack and by the local cloud, so both have the same
 * queues, dead-letter queues and redrive policy.
 *
 * Visibility timeout is six times the consumer's timeout, as AWS advises for Lambda event sources, so a
 * message is not handed out twice while a run is still alive.
 */
export const queueNames = ['trob-runs', 'flow-runs', 'mail', 'purge'] as const;
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
  /**
   * 'chromium': the platform workers (2 GB, Chromium bundled, keys and realtime push; lib/workers-stack.ts);
   * 'light': a plain function of default size that gets only `needs`.
   */
  readonly profile: 'chromium' | 'light';
  /** What a 'light' consumer may touch besides the table (mapped to grants in lib/grants.ts). */
  readonly needs?: readonly Capability[];
}

const WORKER_TIMEOUT_SECONDS = 300;
const MAIL_TIMEOUT_SECONDS = 30;

export const queues: Record<QueueName, QueueDefinition> = {
  'trob-runs': {
    name: 'trob-runs',
    consumer: 'workers/run',
    consumerTimeoutSeconds: WORKER_TIMEOUT_SECONDS,
    visibilityTimeoutSeconds: WORKER_TIMEOUT_SECONDS * 6,
    maxReceiveCount: 3,
    batchSize: 1,
    retentionSeconds: 4 * 24 * 3600,
    profile: 'chromium',
  },
  'flow-runs': {
    name: 'flow-runs',
    consumer: 'workers/run',
    consumerTimeoutSeconds: WORKER_TIMEOUT_SECONDS,
    visibilityTimeoutSeconds: WORKER_TIMEOUT_SECONDS * 6,
    maxReceiveCount: 3,
    batchSize: 1,
    retentionSeconds: 4 * 24 * 3600,
    profile: 'chromium',
  },
  // Account e-mails, sent off the request path so a known address answers as fast as an unknown one
  // (functions/auth/mail-jobs.ts). A day's retention: a verification or reset link mailed later is of no use.
  mail: {
    name: 'mail',
    consumer: 'workers/mail-sender',
    consumerTimeoutSeconds: MAIL_TIMEOUT_SECONDS,
    visibilityTimeoutSeconds: MAIL_TIMEOUT_SECONDS * 6,
    maxReceiveCount: 5,
    batchSize: 10,
    retentionSeconds: 24 * 3600,
    profile: 'light',
    needs: ['mail'],
  },
  // Deleting an account empties its lead, profile, budget and usage partitions here, off the request
  // (functions/account/partition-purge.ts): thousands of leads do not fit in a 10-second request.
  purge: {
    name: 'purge',
    consumer: 'workers/partition-purger',
    consumerTimeoutSeconds: 120,
    visibilityTimeoutSeconds: 120 * 6,
    maxReceiveCount: 5,
    batchSize: 5,
    retentionSeconds: 4 * 24 * 3600,
    profile: 'light',
    // Continues a large partition in a new message of its own; disconnects a deleted account's sockets.
    needs: ['queue:purge', 'realtime-push'],
  },
};

export const deadLetterQueueName = (name: QueueName): string => `${name}-dlq`;
/** DLQs keep a message 14 days, the SQS maximum, so a failure can be studied. */
export const DEAD_LETTER_RETENTION_SECONDS = 14 * 24 * 3600;

/** Env var that carries a queue's URL into a function (`QUEUE_URL_TROB_RUNS`). */
export const queueUrlEnv = (name: QueueName): string => `QUEUE_URL_${name.replace(/-/g, '_').toUpperCase()}`;
/** Env var that carries a queue's ARN (scheduler targets). */
export const queueArnEnv = (name: QueueName): string => `QUEUE_ARN_${name.replace(/-/g, '_').toUpperCase()}`;

/** SQS delays a message at most 15 minutes; a longer wait takes several hops. */
export const MAX_DELAY_SECONDS = 900;

/** The delay (whole seconds, at most SQS's) of a message that must not arrive before `at`; 0 when it has come. */
export function delayUntil(at: string | Date | undefined, now: Date): number {
  if (!at) return 0;
  const seconds = Math.ceil((new Date(at).getTime() - now.getTime()) / 1000);
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, seconds));
}

/**
 * How long a failed run message waits before its next attempt (issue 19 point 7): 10 s after the first
 * failure, then doubling, at most a minute, so a transient failure is retried within about a minute
 * rather than after the visibility timeout.
 */
export function retryDelaySeconds(receiveCount: number): number {
  return Math.min(60, 10 * 2 ** Math.max(0, receiveCount - 1));
}
