import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localScheduler } from '../../functions/core/adapters/local-scheduler';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { startSchedulerPoller } from '../../scripts/local-cloud/scheduler-poller';
import { type LocalQueues, startLocalQueues } from '../../scripts/local-cloud/sqs';
import { useIntegrationEnv } from '../support/integration-env';

let queues: LocalQueues;
let sqs: SQSClient;

beforeAll(async () => {
  await useIntegrationEnv();
  queues = await startLocalQueues({ stage: 'test' });
  sqs = new SQSClient({ region: 'us-east-1', endpoint: queues.endpoint, credentials: LOCAL_CREDENTIALS });
});

afterAll(async () => {
  sqs.destroy();
  await queues.stop();
});

async function drain(): Promise<unknown[]> {
  const out = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queues.urls['flow-runs'],
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 1,
    }),
  );
  return (out.Messages ?? []).map((m) => JSON.parse(m.Body!));
}

/** `at(...)` for a moment `seconds` from now, written as the wall-clock time in `zone` (Swedish dates are ISO). */
const inSeconds = (seconds: number, zone: string) => {
  const wallClock = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    dateStyle: 'short',
    timeStyle: 'medium',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + seconds * 1000));
  return `at(${wallClock.replace(' ', 'T')})`;
};

describe('local scheduler', () => {
  it('stores a schedule and gives it back as it was put', async () => {
    const scheduler = localScheduler();
    const spec = {
      name: 'flow-123-run',
      expression: 'cron(0 9 ? * MON-FRI *)',
      timezone: 'Europe/Berlin',
      target: { queue: 'flow-runs' as const },
      payload: { kind: 'flow-run', runId: 'r1', workspaceId: 'u1' },
    };
    await scheduler.put(spec);
    expect(await scheduler.get('flow-123-run')).toEqual(spec);
    await scheduler.remove('flow-123-run');
    expect(await scheduler.get('flow-123-run')).toBeUndefined();
  });

  it('sends a one-off schedule to its queue when due, in its time zone, and then deletes it', async () => {
    const scheduler = localScheduler();
    await scheduler.put({
      name: 'once',
      expression: inSeconds(1, 'Asia/Tokyo'),
      timezone: 'Asia/Tokyo',
      target: { queue: 'flow-runs' },
      payload: { kind: 'flow-run', runId: 'once-1', workspaceId: 'u1' },
    });
    const poller = startSchedulerPoller({
      store: scheduler,
      client: sqs,
      queueUrls: queues.urls,
      queueArns: queues.arns,
      // The service's own mechanics: which role may deliver is function-runtime's test.
      mayDeliver: async () => true,
      intervalMs: 200,
    });
    try {
      const received: unknown[] = [];
      const deadline = Date.now() + 6000;
      while (received.length === 0 && Date.now() < deadline) received.push(...(await drain()));
      expect(received).toEqual([{ kind: 'flow-run', runId: 'once-1', workspaceId: 'u1' }]);
      expect(await scheduler.get('once')).toBeUndefined();
    } finally {
      await poller.stop();
    }
  });

  it('does not fire a schedule that is not due or was removed', async () => {
    const scheduler = localScheduler();
    await scheduler.put({
      name: 'later',
      expression: inSeconds(3600, 'UTC'),
      timezone: 'UTC',
      target: { queue: 'flow-runs' },
      payload: { kind: 'flow-run', runId: 'later', workspaceId: 'u1' },
    });
    await scheduler.put({
      name: 'removed',
      expression: inSeconds(1, 'UTC'),
      timezone: 'UTC',
      target: { queue: 'flow-runs' },
      payload: { kind: 'flow-run', runId: 'removed', workspaceId: 'u1' },
    });
    await scheduler.remove('removed');
    await new Promise((r) => setTimeout(r, 1500));
    const poller = startSchedulerPoller({
      store: scheduler,
      client: sqs,
      queueUrls: queues.urls,
      queueArns: queues.arns,
      // The service's own mechanics: which role may deliver is function-runtime's test.
      mayDeliver: async () => true,
      intervalMs: 100000,
    });
    expect(await poller.tick()).toBe(0);
    await poller.stop();
    expect(await drain()).toEqual([]);
  });

  it('fires a due run once even when two pollers race for it', async () => {
    const scheduler = localScheduler();
    await scheduler.put({
      name: 'raced',
      expression: inSeconds(1, 'UTC'),
      timezone: 'UTC',
      target: { queue: 'flow-runs' },
      payload: { kind: 'flow-run', runId: 'raced', workspaceId: 'u1' },
    });
    await new Promise((r) => setTimeout(r, 1200));
    const a = startSchedulerPoller({
      store: scheduler,
      client: sqs,
      queueUrls: queues.urls,
      queueArns: queues.arns,
      // The service's own mechanics: which role may deliver is function-runtime's test.
      mayDeliver: async () => true,
      intervalMs: 100000,
    });
    const b = startSchedulerPoller({
      store: localScheduler(),
      client: sqs,
      queueUrls: queues.urls,
      queueArns: queues.arns,
      // The service's own mechanics: which role may deliver is function-runtime's test.
      mayDeliver: async () => true,
      intervalMs: 100000,
    });
    const fired = await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(fired[0] + fired[1]).toBe(1);
    expect(await drain()).toEqual([{ kind: 'flow-run', runId: 'raced', workspaceId: 'u1' }]);
  });

  it('refuses a malformed expression before storing anything', async () => {
    const scheduler = localScheduler();
    await expect(
      scheduler.put({
        name: 'bad',
        expression: 'cron(0 9 * * * *)',
        timezone: 'UTC',
        target: { queue: 'flow-runs' },
        payload: {},
      }),
    ).rejects.toThrow(/'\?'/);
    expect(await scheduler.get('bad')).toBeUndefined();
  });
});
