import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { type QueueDefinition, queues } from '../../functions/core/queues';
import { type LocalQueues, localQueueName, startLocalQueues } from '../../scripts/local-cloud/sqs';
import { localPollerConcurrency, startWorkerPoller } from '../../scripts/local-cloud/worker-poller';
import { useIntegrationEnv } from '../support/integration-env';

/**
 * The local cloud's trob-runs poller runs several invocations at once, as Lambda does (issue 19 point
 * 11): LOCAL_RUN_CONCURRENCY, default 2. Against the SQS server the local cloud uses (fauxqs), with the
 * poller the local cloud wires (`localPollerConcurrency`) and consumers that record what they see.
 */

// The run queue's settings (batch size 1), with a 1 s visibility timeout so a failed record comes back
// within the test.
const definition: QueueDefinition = {
  ...queues['trob-runs'],
  visibilityTimeoutSeconds: 1,
  maxReceiveCount: 5,
};
const STAGE = 'concurrency';

let sqs: LocalQueues;
let client: SQSClient;

// The last test runs the real run worker, which reads the table.
beforeAll(async () => {
  await useIntegrationEnv();
});

// A queue server per test: a stopped poller's long poll stays open on the server until its wait ends
// and would take a message of the next test.
beforeEach(async () => {
  sqs = await startLocalQueues({ stage: STAGE, definitions: [definition] });
  client = new SQSClient({ region: 'us-east-1', endpoint: sqs.endpoint, credentials: LOCAL_CREDENTIALS });
});

afterEach(async () => {
  client?.destroy();
  await sqs?.stop();
});

interface Context {
  getRemainingTimeInMillis(): number;
  awsRequestId: string;
}

interface Invocation {
  body: string;
  receiveCount: number;
  requestId: string;
  startedAt: number;
  endedAt?: number;
  remainingAtStart: number;
  remainingAtEnd?: number;
}

/**
 * A consumer that records each invocation and runs `work` for it; `batchItemFailures` from `work`
 * are answered as the worker would.
 */
function recorder(
  work: (invocation: Invocation, context: Context, inFlight: () => number) => Promise<boolean | undefined>,
) {
  const invocations: Invocation[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const consumer = async (event: SQSEvent, context: Context) => {
    const record = event.Records[0]!;
    const invocation: Invocation = {
      body: record.body,
      receiveCount: Number(record.attributes.ApproximateReceiveCount),
      requestId: context.awsRequestId,
      startedAt: Date.now(),
      remainingAtStart: context.getRemainingTimeInMillis(),
    };
    invocations.push(invocation);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const failed = await work(invocation, context, () => inFlight);
      return { batchItemFailures: failed ? [{ itemIdentifier: record.messageId }] : [] };
    } finally {
      inFlight--;
      invocation.endedAt = Date.now();
      invocation.remainingAtEnd = context.getRemainingTimeInMillis();
    }
  };
  return {
    consumer,
    invocations,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
  };
}

const send = (body: string) =>
  client.send(new SendMessageCommand({ QueueUrl: sqs.urls['trob-runs'], MessageBody: body }));

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Messages still on the queue: waiting, delayed or received and not deleted. */
function onQueue(): number {
  const state = sqs.server.inspectQueue(localQueueName(STAGE, 'trob-runs'));
  return state
    ? state.messages.ready.length + state.messages.delayed.length + state.messages.inflight.length
    : 0;
}

function poller(
  consumer: unknown,
  concurrency: number,
  consumerTimeoutSeconds = definition.consumerTimeoutSeconds,
) {
  return startWorkerPoller({
    client,
    definition: { ...definition, consumerTimeoutSeconds },
    queueUrl: sqs.urls['trob-runs'],
    queueArn: sqs.arns['trob-runs'],
    waitSeconds: 1,
    loadConsumer: async () => consumer,
    concurrency,
  });
}

/** Works until a second invocation runs beside it, or `aloneMs` passes, then a little longer. */
async function waitForCompany(inFlight: () => number, aloneMs: number): Promise<void> {
  const deadline = Date.now() + aloneMs;
  while (inFlight() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 100));
}

const overlaps = (a: Invocation, b: Invocation) => a.startedAt < b.endedAt! && b.startedAt < a.endedAt!;

describe('the local trob-runs poller runs invocations at once, as Lambda does', () => {
  it('reads LOCAL_RUN_CONCURRENCY for trob-runs only: 2 by default, a whole number from 1 to 16', () => {
    expect(localPollerConcurrency(queues['trob-runs'], {})).toBe(2);
    expect(localPollerConcurrency(queues['trob-runs'], { LOCAL_RUN_CONCURRENCY: ' ' })).toBe(2);
    expect(localPollerConcurrency(queues['trob-runs'], { LOCAL_RUN_CONCURRENCY: '1' })).toBe(1);
    expect(localPollerConcurrency(queues['trob-runs'], { LOCAL_RUN_CONCURRENCY: '16' })).toBe(16);
    for (const bad of ['0', '17', '1.5', 'two', '-1'])
      expect(() => localPollerConcurrency(queues['trob-runs'], { LOCAL_RUN_CONCURRENCY: bad })).toThrow(
        `LOCAL_RUN_CONCURRENCY must be a whole number from 1 to 16 (got '${bad}')`,
      );
    for (const name of ['flow-runs', 'mail', 'purge'] as const)
      expect(localPollerConcurrency(queues[name], { LOCAL_RUN_CONCURRENCY: '4' })).toBe(1);
  });

  it('by default handles two run messages overlapping in time, each in an invocation of its own, and deletes both', async () => {
    const runs = recorder(async (_invocation, _context, inFlight) => {
      await waitForCompany(inFlight, 3_000);
      return false;
    });
    const local = poller(runs.consumer, localPollerConcurrency(queues['trob-runs'], {}));
    try {
      await send('first');
      await send('second');
      await until(() => runs.invocations.filter((i) => i.endedAt).length === 2, 'both invocations');
      await until(() => onQueue() === 0, 'both messages deleted');
    } finally {
      await local.stop();
    }
    const [a, b] = runs.invocations as [Invocation, Invocation];
    expect(runs.invocations.map((i) => i.body).sort()).toEqual(['first', 'second']);
    expect(runs.maxInFlight()).toBe(2);
    expect(overlaps(a, b)).toBe(true);
    expect(a.requestId).not.toBe(b.requestId);
  });

  it('with LOCAL_RUN_CONCURRENCY=1 handles them one after the other', async () => {
    const runs = recorder(async (_invocation, _context, inFlight) => {
      await waitForCompany(inFlight, 700);
      return false;
    });
    const local = poller(
      runs.consumer,
      localPollerConcurrency(queues['trob-runs'], { LOCAL_RUN_CONCURRENCY: '1' }),
    );
    try {
      await send('first');
      await send('second');
      await until(() => runs.invocations.filter((i) => i.endedAt).length === 2, 'both invocations');
      await until(() => onQueue() === 0, 'both messages deleted');
    } finally {
      await local.stop();
    }
    const [a, b] = runs.invocations as [Invocation, Invocation];
    expect(runs.maxInFlight()).toBe(1);
    expect(overlaps(a, b)).toBe(false);
    expect(b.startedAt).toBeGreaterThanOrEqual(a.endedAt!);
  });

  it('keeps each invocation’s own acknowledgement: a failed record comes back, the other one beside it is deleted', async () => {
    const runs = recorder(async (invocation, _context, inFlight) => {
      if (invocation.receiveCount > 1) return false;
      await waitForCompany(inFlight, 3_000);
      return invocation.body === 'fails once';
    });
    const local = poller(runs.consumer, 2);
    try {
      await send('fails once');
      await send('succeeds');
      await until(() => runs.invocations.filter((i) => i.endedAt).length === 3, 'the failed record again');
      await until(() => onQueue() === 0, 'both messages deleted');
      // Nothing else comes back once the visibility timeout has passed again.
      await new Promise((r) => setTimeout(r, 1_500));
    } finally {
      await local.stop();
    }
    const [first, second] = runs.invocations as [Invocation, Invocation];
    expect(overlaps(first, second)).toBe(true);
    expect(runs.invocations.map((i) => `${i.body} ${i.receiveCount}`).sort()).toEqual([
      'fails once 1',
      'fails once 2',
      'succeeds 1',
    ]);
  });

  it('stopping ends both running invocations’ time, each on its own clock, and waits for both to return', async () => {
    // Consumers that work until their time runs short, as a job does against its margin.
    const runs = recorder(async (_invocation, context) => {
      const deadline = Date.now() + 10_000;
      while (context.getRemainingTimeInMillis() > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      return false;
    });
    const local = poller(runs.consumer, localPollerConcurrency(queues['trob-runs'], {}), 600);
    let stopped = false;
    try {
      await send('first job');
      await until(() => runs.invocations.length === 1, 'the first invocation');
      await new Promise((r) => setTimeout(r, 500));
      await send('second job');
      await until(() => runs.invocations.length === 2, 'the second invocation');
      expect(runs.inFlight()).toBe(2);
      const stopAt = Date.now();
      await local.stop();
      stopped = true;
      expect(Date.now() - stopAt).toBeLessThan(3_000);
    } finally {
      if (!stopped) await local.stop();
    }
    const [a, b] = runs.invocations as [Invocation, Invocation];
    // Both had returned when stop() did, their time ended by the stop and not by their own deadline.
    expect(runs.inFlight()).toBe(0);
    for (const invocation of [a, b]) {
      expect(invocation.remainingAtStart).toBeGreaterThan(500_000);
      expect(invocation.remainingAtEnd).toBe(0);
    }
    // Each deadline counts from its own invocation's start: the second is later by about the 500 ms between.
    const deadlineOf = (i: Invocation) => i.startedAt + i.remainingAtStart;
    expect(deadlineOf(b) - deadlineOf(a)).toBeGreaterThan(300);
    // Both batches were settled (deleted) before stop() returned.
    expect(onQueue()).toBe(0);
  });
  it('runs the real run worker two at a time: malformed messages end in the DLQ, runs of missing jobs are acknowledged', async () => {
    // The worker's Powertools batch processor is one per module, shared by the invocations of this
    // process; with one record per batch each answer still names its own record (a failure is only ever
    // added between two invocations' starts), which this checks on the real worker.
    const local = startWorkerPoller({
      client,
      definition: { ...definition, maxReceiveCount: 2 },
      queueUrl: sqs.urls['trob-runs'],
      queueArn: sqs.arns['trob-runs'],
      waitSeconds: 1,
      concurrency: 2,
    });
    const malformed = Array.from({ length: 6 }, (_, i) => `{not json ${i}`);
    try {
      for (let i = 0; i < 6; i++) {
        await send(malformed[i]!);
        await send(
          JSON.stringify({
            kind: 'trob-run',
            jobId: `gone-${i}`,
            automationId: `gone-${i}`,
            workspaceId: 'nobody',
            segment: 0,
          }),
        );
      }
      const dead: string[] = [];
      await until(
        () => {
          const state = sqs.server.inspectQueue(localQueueName(STAGE, 'trob-runs-dlq'));
          dead.splice(0, dead.length, ...(state?.messages.ready ?? []).map((m) => m.body));
          return dead.length >= malformed.length && onQueue() === 0;
        },
        'the malformed messages in the DLQ',
        20_000,
      );
      expect(dead.sort()).toEqual([...malformed].sort());
    } finally {
      await local.stop();
    }
  });
});
