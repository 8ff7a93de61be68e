import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import type { QueueDefinition } from '../../functions/core/queues';
import { type LocalQueues, startLocalQueues } from '../../scripts/local-cloud/sqs';
import { startWorkerPoller } from '../../scripts/local-cloud/worker-poller';
import { useIntegrationEnv } from '../support/integration-env';

// The real queue settings but a 1 s visibility timeout, so a retry happens within the test.
const definition: QueueDefinition = {
  name: 'trob-runs',
  consumer: 'workers/run',
  consumerTimeoutSeconds: 10,
  visibilityTimeoutSeconds: 1,
  maxReceiveCount: 2,
  batchSize: 5,
  retentionSeconds: 3600,
  profile: 'chromium',
};

let queues: LocalQueues;
let sqs: SQSClient;
let poller: { stop(): Promise<void> };

/** A well-formed run message of a job that does not exist: the worker claims nothing and acknowledges it. */
const orphanRun = (jobId: string) =>
  JSON.stringify({ kind: 'trob-run', jobId, automationId: jobId, workspaceId: 'nobody', segment: 0 });

beforeAll(async () => {
  await useIntegrationEnv();
  queues = await startLocalQueues({ stage: 'test', definitions: [definition] });
  sqs = new SQSClient({ region: 'us-east-1', endpoint: queues.endpoint, credentials: LOCAL_CREDENTIALS });
  poller = startWorkerPoller({
    client: sqs,
    definition,
    queueUrl: queues.urls['trob-runs'],
    queueArn: queues.arns['trob-runs'],
    waitSeconds: 1,
  });
});

afterAll(async () => {
  await poller.stop();
  sqs.destroy();
  await queues.stop();
});

const send = (body: string) =>
  sqs.send(new SendMessageCommand({ QueueUrl: queues.urls['trob-runs'], MessageBody: body }));

async function deadLetters(timeoutMs: number): Promise<string[]> {
  const found: string[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const out = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queues.dlqUrls['trob-runs'],
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    found.push(...(out.Messages ?? []).map((m) => m.Body!));
    if (found.length > 0) break;
  }
  return found;
}

describe('run worker on the local event source', () => {
  it('acknowledges a run message whose job no longer runs: it is deleted, not retried, not dead-lettered', async () => {
    await send(orphanRun('gone-1'));
    expect(await deadLetters(4000)).toEqual([]);
    const left = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queues.urls['trob-runs'],
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    expect(left.Messages ?? []).toEqual([]);
  });

  it('moves a message of an unknown kind to the dead-letter queue after maxReceiveCount', async () => {
    const body = JSON.stringify({ kind: 'no-such-kind', jobId: 'run-2', workspaceId: 'u1', segment: 0 });
    await send(body);
    expect(await deadLetters(10_000)).toEqual([body]);
  });

  it('moves a malformed message to the dead-letter queue without blocking the others in its batch', async () => {
    await send('{not json');
    await send(orphanRun('gone-3'));
    expect(await deadLetters(10_000)).toEqual(['{not json']);
  });

  it('ends a running invocation’s time when the local cloud stops, so a job hands over instead of being cut off', async () => {
    const seen: number[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    // A consumer that works until its time runs short, as a job does against its margin.
    const consumer = async (_event: unknown, context: { getRemainingTimeInMillis(): number }) => {
      started();
      seen.push(context.getRemainingTimeInMillis());
      const deadline = Date.now() + 5_000;
      while (context.getRemainingTimeInMillis() > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      seen.push(context.getRemainingTimeInMillis());
      return { batchItemFailures: [] };
    };
    const url = queues.urls['trob-runs'];
    const own = startWorkerPoller({
      client: sqs,
      definition: { ...definition, consumerTimeoutSeconds: 600 },
      queueUrl: url,
      queueArn: queues.arns['trob-runs'],
      waitSeconds: 1,
      loadConsumer: async () => consumer,
    });
    await poller.stop();
    try {
      await send(orphanRun('job-stopping'));
      await running;
      const stopAt = Date.now();
      await own.stop();
      expect(Date.now() - stopAt).toBeLessThan(3_000);
      expect(seen[0]).toBeGreaterThan(500_000);
      expect(seen[1]).toBe(0);
    } finally {
      poller = startWorkerPoller({
        client: sqs,
        definition,
        queueUrl: url,
        queueArn: queues.arns['trob-runs'],
        waitSeconds: 1,
      });
    }
  });
});
