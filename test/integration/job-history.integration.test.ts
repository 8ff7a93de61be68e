import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { scheduleNameOf } from '../../functions/automations/trob-schedule';
import { schedulerPort } from '../../functions/core/adapters/scheduler-adapter';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { logger } from '../../functions/core/logger';
import { createRunDispatchService } from '../../functions/engine/run-dispatch-service';
import { handler as runWorkerExport } from '../../functions/workers/run.worker';
import { RUN_KINDS } from '../../functions/workers/run-kinds';
import { lambdaContext } from '../../scripts/local-cloud/lambda-runtime';
import { toSqsEvent } from '../../scripts/local-cloud/worker-poller';
import type { Job } from '../../shared/automations';
import { INVALID_CURSOR } from '../../shared/paging';
import type { RunMessage, TrobRunMessage } from '../../shared/run-messages';
import { RUN_TEXTS } from '../../shared/run-texts';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  automationItem,
  currentJobItem,
  deliver,
  env,
  FOLLOWERS,
  followersConfig,
  runQueued,
  sandbox,
  startEngineSuite,
  startTrob,
  takeRunMessages,
} from '../support/engine-suite';
import { asFunction, UNSENT_SWEEP_ENTRY } from '../support/functions';
import { setEnv } from '../support/integration-env';

const runWorker = asFunction('functions/workers/run.worker.ts', runWorkerExport);

import { runAsFunction } from '../../scripts/local-cloud/function-runtime/runtime';
import { newUser } from '../support/users';

/**
 * Issue 19 points 1, 3 and 7: every run of an automation is a job kept after it ends; every run message
 * goes through the unsent index, so a refused send is sent later; a failed run is retried within about
 * a minute, and a recurring automation's third failed run in a row pauses it.
 */
startEngineSuite();

const jobsOf = async (user: TestUser, query = '') => {
  const res = await api.get(`/api/jobs${query}`, as(user));
  expect(res.status, res.text).toBe(200);
  return res.body.data as { jobs: Job[]; nextCursor?: string };
};

/** Hands the worker the tick the schedule would send; the job it creates is sent by the run dispatch. */
const tick = async (user: TestUser, automationId: string) => {
  await deliver({ kind: 'trob-tick', automationId, workspaceId: user.id });
  await runQueued(user.id);
};

/** The same tick as a schedule put before issue 37 point 5 sends it: its workspace named `userId`. */
const tickPutBefore = async (user: TestUser, automationId: string) => {
  await deliver({ kind: 'trob-tick', automationId, userId: user.id } as unknown as RunMessage);
  await runQueued(user.id);
};

const startRecurring = async (user: TestUser, maxProfiles = 20) => {
  const res = await api.post(
    '/api/automation/start',
    { templateId: FOLLOWERS, config: followersConfig(maxProfiles), interval: '2_minutes' },
    as(user),
  );
  expect(res.status, res.text).toBe(201);
  return res.body.data.automation as { id: string };
};

describe('job history', () => {
  it('keeps one job per run across two recurring ticks and a run again, newest first and paged', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const recurring = await startRecurring(ada);
    // Before any worker: the job is listed as the automation holds it, waiting.
    expect((await jobsOf(ada, `?automationId=${recurring.id}`)).jobs).toMatchObject([
      { id: recurring.id, run: 1, trigger: 'start', status: 'pending' },
    ]);
    await runQueued(ada.id);
    await tick(ada, recurring.id);
    // A schedule stored before the rename still fires: its tick runs the job as a new one would.
    await tickPutBefore(ada, recurring.id);

    const history = (await jobsOf(ada, `?automationId=${recurring.id}`)).jobs;
    expect(history.map((job) => [job.id, job.run, job.trigger, job.status, job.leadsAdded])).toEqual([
      [`${recurring.id}.3`, 3, 'schedule', 'completed', 20],
      [`${recurring.id}.2`, 2, 'schedule', 'completed', 20],
      [recurring.id, 1, 'start', 'completed', 20],
    ]);
    for (const job of history) {
      expect(job.stages.map((s) => s.stage)).toEqual(expect.arrayContaining(['extracting', 'completed']));
      expect(job.report?.stored).toBe(20);
      expect(Date.parse(job.completedAt!)).toBeGreaterThanOrEqual(Date.parse(job.startedAt!));
    }

    const once = await startTrob(ada, FOLLOWERS, followersConfig(10));
    await runQueued(ada.id);
    const again = await api.post('/api/jobs', { automationId: once.id }, as(ada));
    expect(again.status, again.text).toBe(201);
    // The run again's job is listed live while the first one keeps its end.
    expect((await jobsOf(ada, `?automationId=${once.id}`)).jobs).toMatchObject([
      { id: `${once.id}.2`, run: 2, trigger: 'run-again', status: 'pending' },
      { id: once.id, run: 1, status: 'completed', leadsAdded: 10 },
    ]);
    await runQueued(ada.id);

    // All five, newest first, two a page, each exactly once.
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await jobsOf(ada, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.jobs.length).toBeLessThanOrEqual(2);
      seen.push(...page.jobs.map((job) => job.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([`${once.id}.2`, once.id, `${recurring.id}.3`, `${recurring.id}.2`, recurring.id]);
    expect(pages).toBe(3);
    // Filters apply to the jobs: a status no job has lists none.
    expect((await jobsOf(ada, '?status=failed')).jobs).toEqual([]);
    expect((await jobsOf(ada, '?status=completed&limit=100')).jobs).toHaveLength(5);
  });

  it('refuses a cursor it did not give, and another user’s', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const bob = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    await startTrob(ada, FOLLOWERS, followersConfig(5));
    await startTrob(ada, FOLLOWERS, followersConfig(5));
    const page = await jobsOf(ada, '?limit=1');
    expect(page.nextCursor).toEqual(expect.any(String));
    const theirs = await api.get(`/api/jobs?limit=1&cursor=${page.nextCursor}`, as(bob));
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(INVALID_CURSOR);
    for (const bad of ['not-a-cursor', 'e30', '%7B%7D']) {
      const res = await api.get(`/api/jobs?cursor=${bad}`, as(ada));
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(INVALID_CURSOR);
    }
    // A cursor of the whole list is not one of an automation's list.
    const [firstJob] = page.jobs;
    const mixed = await api.get(
      `/api/jobs?limit=1&automationId=${firstJob!.automationId}&cursor=${page.nextCursor}`,
      as(ada),
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(INVALID_CURSOR);
    expect((await api.get('/api/jobs?limit=0', as(ada))).status).toBe(400);
    expect((await api.get('/api/jobs?limit=101', as(ada))).status).toBe(400);
    expect((await api.get('/api/jobs?limit=100', as(ada))).status).toBe(200);
    await takeRunMessages(ada.id);
  });
});

describe('which message runs which job', () => {
  it('lets no message of an earlier job, nor a copy of a segment already handed over, claim the job', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(150));
    const [first] = await takeRunMessages(ada.id);
    // Less time than the segment margin: the job hands its segment 0 over to segment 1 at once.
    await deliver(first!, { remainingMs: 1_000 });
    const [next] = await takeRunMessages(ada.id);
    expect(next).toEqual({ ...first, segment: 1 });
    // A copy of segment 0 (a second delivery, a re-send) finds it handed over: nothing runs.
    await deliver(first!);
    expect(await currentJobItem(ada.id, automation.id)).toMatchObject({ segment: 0 });
    expect(await automationItem(ada.id, automation.id)).toMatchObject({ queuedSegment: 1 });
    expect(await takeRunMessages(ada.id)).toEqual([]);
    // The user cancels and runs it again: the old job's message claims nothing of the new job.
    expect((await api.put(`/api/jobs/${automation.id}`, { status: 'cancelled' }, as(ada))).status).toBe(200);
    const again = await api.post('/api/jobs', { automationId: automation.id }, as(ada));
    expect(again.status, again.text).toBe(201);
    await deliver(next!);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'pending',
      jobId: `${automation.id}.2`,
    });
    await runQueued(ada.id);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      jobId: `${automation.id}.2`,
    });
    // Cancelled, run again, cancelled, run again: every job has its own id, the cancelled ones kept as such.
    const third = await api.post('/api/jobs', { automationId: automation.id }, as(ada));
    expect(third.status, third.text).toBe(201);
    expect((await api.put(`/api/jobs/${automation.id}.3`, { status: 'cancelled' }, as(ada))).status).toBe(
      200,
    );
    const fourth = await api.post('/api/jobs', { automationId: automation.id }, as(ada));
    expect(fourth.status, fourth.text).toBe(201);
    await runQueued(ada.id);
    expect(
      (await jobsOf(ada, `?automationId=${automation.id}`)).jobs.map((job) => [job.id, job.status]),
    ).toEqual([
      [`${automation.id}.4`, 'completed'],
      [`${automation.id}.3`, 'cancelled'],
      [`${automation.id}.2`, 'completed'],
      [automation.id, 'cancelled'],
    ]);
  });

  it('keeps the last run as it ended when a recurring automation is cancelled between runs', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const recurring = await startRecurring(ada);
    await runQueued(ada.id);
    expect((await automationItem(ada.id, recurring.id)).status).toBe('active');
    expect((await api.put(`/api/jobs/${recurring.id}`, { status: 'cancelled' }, as(ada))).status).toBe(200);
    expect((await jobsOf(ada, `?automationId=${recurring.id}`)).jobs).toMatchObject([
      { id: recurring.id, status: 'completed', leadsAdded: 20 },
    ]);
  });
});

describe('one dispatch', () => {
  it('sends a resume the queue refused later, from the sweep, and the job completes', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const site = sandbox.sites.linkedin;
    site.setFailures({ challengeAfter: 2 });
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(60));
    try {
      await runQueued(ada.id);
    } finally {
      site.setFailures({ clear: true });
    }
    expect((await automationItem(ada.id, automation.id)).status).toBe('paused');
    const resync = await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, as(ada));
    expect(resync.status, resync.text).toBeLessThan(300);

    // The queue refuses the resume's message: it stays on the unsent index.
    const refusing = createRunDispatchService({
      log: logger,
      queue: {
        send: async () => {
          throw new Error('SQS is unavailable');
        },
      },
      scheduler: schedulerPort(),
      now: () => new Date(),
      kinds: RUN_KINDS,
    });
    expect(
      await runAsFunction(UNSENT_SWEEP_ENTRY, () => refusing.dispatchUnsent({ graceMs: 0 })),
    ).toMatchObject({ sent: 0, failed: 1 });
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'pending',
      gsi1pk: 'AUTOMATION-UNSENT',
    });
    // The next sweep sends it, and the job completes from where it stopped.
    await runQueued(ada.id);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: 60,
      totalRuns: 1,
    });
  });

  it('puts a continuation on the unsent index with the release, so a refused send cannot lose it', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(150));
    const [first] = await takeRunMessages(ada.id);
    // Less time than the segment margin: the job hands over at once, before reading.
    await deliver(first!, { remainingMs: 1_000 });
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'running',
      queuedSegment: 1,
      gsi1pk: 'AUTOMATION-UNSENT',
    });
    const next = await takeRunMessages(ada.id);
    expect(next).toEqual([{ ...first, segment: 1 }]);
    for (const message of next) await deliver(message);
    await runQueued(ada.id);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: 150,
    });
  });
});

describe('retries and recurring failures', () => {
  it('retries a failed run within about a minute, not after the queue’s visibility timeout', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    const [message] = await takeRunMessages(ada.id);
    const sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: env.queues.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    const url = env.queues.urls['trob-runs'];
    try {
      await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(message) }));
      const received = await receiveOwn(sqs, url, ada.id, 5);
      expect(received).toBeDefined();
      setEnv({ SANDBOX_LINKEDIN_URL: 'http://127.0.0.1:9' });
      const failedAt = Date.now();
      try {
        const result = await runWorker(
          toSqsEvent([received!], `arn:aws:sqs:us-east-1:000000000000:${url.split('/').at(-1)}`),
          lambdaContext('workers/run', 300_000),
        );
        expect(result.batchItemFailures).toHaveLength(1);
      } finally {
        setEnv(sandbox.env);
      }
      // Back after the first backoff (10 s), well within a minute.
      const again = await receiveOwn(sqs, url, ada.id, 30);
      expect(again, 'the failed message came back').toBeDefined();
      const waited = Date.now() - failedAt;
      expect(waited).toBeGreaterThanOrEqual(9_000);
      expect(waited).toBeLessThan(30_000);
      expect(again!.Attributes?.ApproximateReceiveCount).toBe('2');
      const result = await runWorker(
        toSqsEvent([again!], `arn:aws:sqs:us-east-1:000000000000:${url.split('/').at(-1)}`),
        lambdaContext('workers/run', 300_000),
      );
      expect(result.batchItemFailures).toEqual([]);
      expect(await automationItem(ada.id, automation.id)).toMatchObject({
        status: 'completed',
        totalLeads: 10,
      });
    } finally {
      sqs.destroy();
    }
  }, 60_000);

  it('leaves the next tick free after a failed recurring run, and pauses the automation after three in a row', async () => {
    const ada = await newUser({ connect: ['linkedin'], plan: 'PRO' });
    const automation = await startRecurring(ada);
    const [first] = await takeRunMessages(ada.id);
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toBeDefined();
    // The platform cannot be reached; each run's last attempt fails it for good.
    setEnv({ SANDBOX_LINKEDIN_URL: 'http://127.0.0.1:9' });
    try {
      await deliver(first!, { receiveCount: 3 });
      const once = await automationItem(ada.id, automation.id);
      expect(once).toMatchObject({ status: 'active', failedRunsInRow: 1, totalRuns: 1, successfulRuns: 0 });
      expect(once.nextRunAt).toEqual(expect.any(String));

      await failTick(ada, automation.id);
      expect(await automationItem(ada.id, automation.id)).toMatchObject({
        status: 'active',
        failedRunsInRow: 2,
        totalRuns: 2,
      });
      expect(await schedulerPort().get(scheduleNameOf(automation.id))).toBeDefined();

      await failTick(ada, automation.id);
    } finally {
      setEnv(sandbox.env);
    }
    const paused = await automationItem(ada.id, automation.id);
    expect(paused).toMatchObject({
      status: 'paused',
      pausedFor: 'failures',
      failedRunsInRow: 3,
      totalRuns: 3,
      errorMessage: RUN_TEXTS.pausedAfterFailures(3, RUN_TEXTS.retriesExhausted(3)),
    });
    expect(paused.nextRunAt).toBeUndefined();
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toBeUndefined();
    expect((await jobsOf(ada, `?automationId=${automation.id}`)).jobs.map((j) => j.status)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);

    // The user resumes it: it waits for its next tick with its schedule back, and a good run resets the count.
    const resumed = await api.put(`/api/jobs/${automation.id}.3`, { status: 'running' }, as(ada));
    expect(resumed.status, resumed.text).toBe(200);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({ status: 'active' });
    expect(await schedulerPort().get(scheduleNameOf(automation.id))).toBeDefined();
    await tick(ada, automation.id);
    await runQueued(ada.id);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'active',
      failedRunsInRow: 0,
      successfulRuns: 1,
      totalRuns: 4,
    });
  });
});

/** A tick whose run fails on every attempt, the last one included. */
async function failTick(user: TestUser, automationId: string): Promise<void> {
  await deliver({ kind: 'trob-tick', automationId, workspaceId: user.id });
  // The job the tick created is sent by the run dispatch; its last attempt ends it.
  const messages = await takeRunMessages(user.id);
  expect(messages).toHaveLength(1);
  await deliver(messages[0]!, { receiveCount: 3 });
}

async function receiveOwn(sqs: SQSClient, url: string, userId: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const out = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: 1,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        AttributeNames: ['All'],
      }),
    );
    const found = out.Messages?.find((m) => (JSON.parse(m.Body!) as TrobRunMessage).workspaceId === userId);
    if (found) return found;
  }
  return undefined;
}
