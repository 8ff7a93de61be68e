import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALLED_GRACE_MS } from '../../functions/engine/run-dispatch-service';
import { claimSegment } from '../../functions/jobs/job-state/claim-repository';
import { RUN_TEXTS } from '../../shared/run-texts';
import {
  api,
  as,
  automationItem,
  connectedUser,
  currentJobItem,
  deliver,
  FOLLOWERS,
  followersConfig,
  runQueued,
  sandbox,
  startEngineSuite,
  startTrob,
  storedLeads,
  takeRunMessages,
  worldFollowers,
} from '../support/engine-suite';
import { sweepUnsentAsTask } from '../support/functions';

/**
 * Issue 11 points 1-3: a long job checkpoints and continues in a new message before its invocation
 * runs out, and a worker killed in the middle of a job loses no lead and stores none twice: the
 * message comes back, the job's lease has run out, and the next worker continues from the cursor.
 */
startEngineSuite();

const config = followersConfig();
const visibleFollowerIds = (): string[] =>
  worldFollowers()
    .visible.map((p) => p.id)
    .sort();

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('long jobs and crashed workers', () => {
  it('continues in a new message when its invocation runs short, and completes with every lead once', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, config);
    const [first] = await takeRunMessages(ada.id);
    const site = sandbox.sites.linkedin;
    // Each answer takes 300 ms, and the invocation starts with 45.8 s left against a 45 s margin.
    site.setFailures({ slowMs: 300 });
    try {
      await deliver(first!, { remainingMs: 45_800 });
    } finally {
      site.setFailures({ clear: true });
    }
    const handedOver = await automationItem(ada.id, automation.id);
    expect(handedOver).toMatchObject({ status: 'running', message: 'Continuing in a new run' });
    const next = await takeRunMessages(ada.id);
    expect(next).toEqual([{ ...first, segment: 1 }]);
    for (const message of next) await deliver(message);
    await runQueued(ada.id);

    const leads = await storedLeads(ada.id, automation.id);
    expect(leads.map((l) => l.id).sort()).toEqual(visibleFollowerIds());
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: leads.length,
    });
    expect(await currentJobItem(ada.id, automation.id)).toMatchObject({ status: 'completed', segment: 1 });
  });

  it('loses and duplicates no lead when the worker is killed mid-job, and the redelivered message completes it', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, config);
    const [message] = await takeRunMessages(ada.id);
    const site = sandbox.sites.linkedin;
    site.setFailures({ slowMs: 700 });
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve(import.meta.dirname, '../support/run-worker-child.ts'),
        JSON.stringify(message),
        '8000',
      ],
      // A process group of its own, so the kill takes its Chromium too, as a dying Lambda's sandbox does.
      { env: process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += String(d);
    });
    child.stderr.on('data', (d) => {
      output += String(d);
    });
    try {
      // Killed as soon as some leads are stored: somewhere between two pages.
      await waitFor(
        async () => Number((await automationItem(ada.id, automation.id)).totalLeads ?? 0) > 0,
        60_000,
        `leads before the kill (${output})`,
      );
      process.kill(-child.pid!, 'SIGKILL');
      await new Promise((r) => child.once('exit', r));
    } finally {
      site.setFailures({ clear: true });
    }
    const atKill = await automationItem(ada.id, automation.id);
    expect(atKill.status).toBe('running');
    const keptAtKill = await storedLeads(ada.id, automation.id);
    expect(keptAtKill.length).toBeGreaterThan(0);
    expect(keptAtKill.length).toBeLessThan(visibleFollowerIds().length);

    // While the killed worker's lease lasts, the redelivered message claims nothing, and is not dropped
    // either: it is sent again, delayed to the lease's end (else, with no other message, the job would stay
    // running for ever, as after a Ctrl-C of the local cloud).
    expect(await deliver(message!, { receiveCount: 2 })).toEqual([]);
    expect((await automationItem(ada.id, automation.id)).status).toBe('running');
    expect(await takeRunMessages(ada.id)).toEqual([]);
    let comeBack: Awaited<ReturnType<typeof takeRunMessages>> = [];
    await waitFor(
      async () => {
        comeBack = await takeRunMessages(ada.id);
        return comeBack.length > 0;
      },
      20_000,
      'the message to come back',
    );
    expect(comeBack).toEqual([message]);
    expect(Date.parse(String((await currentJobItem(ada.id, automation.id)).leaseUntil))).toBeLessThan(
      Date.now(),
    );

    // It continues the job from the checkpoint.
    expect(await deliver(comeBack[0]!, { receiveCount: 1 })).toEqual([]);
    const leads = await storedLeads(ada.id, automation.id);
    expect(leads.map((l) => l.id).sort()).toEqual(visibleFollowerIds());
    for (const kept of keptAtKill) {
      expect(leads.find((l) => l.id === kept.id)?.extractedAt).toBe(kept.extractedAt);
    }
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: leads.length,
      // The job's report counts what is stored, whatever the killed worker stored and never counted.
      report: { stored: leads.length },
    });
    // SQS hands the first message out again after its visibility timeout: a finished job refuses it.
    expect(await deliver(message!, { receiveCount: 3 })).toEqual([]);
    expect(await takeRunMessages(ada.id)).toEqual([]);
    expect(await storedLeads(ada.id, automation.id)).toHaveLength(leads.length);
  });

  it('has the sweep take over a job left running with no message at all, once its lease is long over', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, config);
    const [message] = await takeRunMessages(ada.id);
    // A worker claimed the segment and vanished with its message (nothing left on the queue).
    const claim = await claimSegment({
      userId: ada.id,
      automationId: automation.id,
      jobId: message!.jobId,
      segment: message!.segment,
      now: new Date(),
      leaseMs: 500,
    });
    expect(claim.kind).toBe('claimed');
    await new Promise((r) => setTimeout(r, 700));
    // The dispatch `msAfter` from now; no grace, as the stream sends what the sweep marks at once.
    const sweepAt = (msAfter: number) => sweepUnsentAsTask(msAfter);

    // Just inside the grace a message that met the lease may still be on its way back: left alone.
    expect(await sweepAt(STALLED_GRACE_MS - 5_000)).toEqual({ sent: 0, failed: 0, stalled: 0, woken: 0 });
    expect(await takeRunMessages(ada.id)).toEqual([]);
    expect(await sweepAt(STALLED_GRACE_MS + 60_000 + 1_000)).toEqual({
      sent: 1,
      failed: 0,
      stalled: 1,
      woken: 0,
    });
    const [takeover] = await takeRunMessages(ada.id);
    expect(takeover).toEqual(message);
    // Sweeps right after (a timer catching up after a restart runs several at once) send it no more:
    // one wake-up per stalled job, not one per pass (issue 35 point 4).
    expect(await sweepAt(STALLED_GRACE_MS + 60_000 + 1_500)).toEqual({
      sent: 0,
      failed: 0,
      stalled: 0,
      woken: 0,
    });
    expect(await sweepAt(2 * STALLED_GRACE_MS + 60_000)).toEqual({
      sent: 0,
      failed: 0,
      stalled: 0,
      woken: 0,
    });
    expect(await takeRunMessages(ada.id)).toEqual([]);

    await deliver(takeover!);
    await runQueued(ada.id);
    const leads = await storedLeads(ada.id, automation.id);
    expect(leads.map((l) => l.id).sort()).toEqual(visibleFollowerIds());
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: leads.length,
    });
    expect(await sweepAt(STALLED_GRACE_MS + 60_000 + 1_000)).toEqual({
      sent: 0,
      failed: 0,
      stalled: 0,
      woken: 0,
    });
  });
});

describe('the stage a job is in (issue 35 point 4)', () => {
  it('is stored as the job enters it, not at its next checkpoint, so the API and a kill see it', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, config);
    const [message] = await takeRunMessages(ada.id);
    const before = await automationItem(ada.id, automation.id);
    expect(before.stage).not.toBe('starting');
    const site = sandbox.sites.linkedin;
    // Slow pages: opening the platform takes seconds, and no checkpoint is written before it answers.
    site.setFailures({ slowMs: 1500 });
    let outcome: Promise<string[]> | undefined;
    try {
      outcome = deliver(message!);
      await waitFor(
        async () => {
          const item = await automationItem(ada.id, automation.id);
          const history = ((await currentJobItem(ada.id, automation.id)).stages ?? []) as { stage: string }[];
          return item.stage === 'starting' && history.some((s) => s.stage === 'starting');
        },
        10_000,
        "the 'starting' stage stored while the platform opens",
      );
      // The API's automation shows the stage its job's item holds (issue 37 point 1), and its message.
      const listed = (
        (await api.get('/api/automation', as(ada))).body.data.automations as Array<Record<string, unknown>>
      ).find((a) => a.id === automation.id);
      expect(listed).toMatchObject({
        status: 'running',
        stage: 'starting',
        message: RUN_TEXTS.opening('LinkedIn'),
      });
    } finally {
      site.setFailures({ clear: true });
      await outcome?.catch(() => undefined);
    }
    const done = await automationItem(ada.id, automation.id);
    expect(done.status).toBe('completed');
    const stages = (((await currentJobItem(ada.id, automation.id)).stages ?? []) as { stage: string }[]).map(
      (s) => s.stage,
    );
    expect(stages[0]).toBe('starting');
    expect(stages.at(-1)).toBe('completed');
  });
});

describe('a job waiting for a budget whose wake-up message was lost (issue 35 point 2)', () => {
  it('is sent again by the sweep once its wake-up has passed a grace ago, and once only', async () => {
    const ada = await connectedUser();
    const site = sandbox.sites.linkedin;
    site.setFailures({ rateLimitAfter: 2 });
    const automation = await startTrob(ada, FOLLOWERS, config);
    try {
      await runQueued(ada.id);
    } finally {
      site.setFailures({ clear: true });
    }
    const waiting = await automationItem(ada.id, automation.id);
    expect(waiting).toMatchObject({ status: 'running', stage: 'waiting', gsi2pk: 'RUN-QUEUE#waiting' });
    expect(waiting).not.toHaveProperty('gsi1pk');
    // Its delayed message is on the queue for hours; the sweep acts as if it were lost (a killed local
    // cloud loses it), at times measured from the wake-up.
    const wakeUp = Date.parse(String(waiting.waitUntil));
    const sweepAt = (msAfterWakeUp: number) => sweepUnsentAsTask(wakeUp + msAfterWakeUp - Date.now());

    // Before the wake-up, and within the grace after it (the message may be on its way): left alone.
    expect(await sweepAt(-60_000)).toEqual({ sent: 0, failed: 0, stalled: 0, woken: 0 });
    expect(await sweepAt(STALLED_GRACE_MS - 5_000)).toEqual({ sent: 0, failed: 0, stalled: 0, woken: 0 });
    expect(await takeRunMessages(ada.id)).toEqual([]);

    // A grace after the wake-up with no claim: sent again, for the segment it waits with.
    expect(await sweepAt(STALLED_GRACE_MS + 1_000)).toEqual({ sent: 1, failed: 0, stalled: 0, woken: 1 });
    const [wake] = await takeRunMessages(ada.id);
    expect(wake).toMatchObject({
      automationId: automation.id,
      jobId: waiting.jobId,
      segment: waiting.queuedSegment,
    });
    // The next passes within a grace of that send leave it: one wake-up, not one per pass.
    expect(await sweepAt(STALLED_GRACE_MS + 2_000)).toEqual({ sent: 0, failed: 0, stalled: 0, woken: 0 });
    expect(await sweepAt(2 * STALLED_GRACE_MS)).toEqual({ sent: 0, failed: 0, stalled: 0, woken: 0 });
    expect(await takeRunMessages(ada.id)).toEqual([]);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'running',
      gsi2pk: 'RUN-QUEUE#waiting',
      waitUntil: waiting.waitUntil,
    });
  });
});

describe('a job cancelled while its leads are being stored', () => {
  it('counts every lead it stored, also those of a batch its checkpoint no longer took', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, config);
    const [message] = await takeRunMessages(ada.id);
    const site = sandbox.sites.linkedin;
    // Slow pages: a stored batch waits for the page being read before its checkpoint.
    site.setFailures({ slowMs: 1000 });
    let outcome: Promise<string[]> | undefined;
    try {
      outcome = deliver(message!);
      await waitFor(
        async () => (await storedLeads(ada.id, automation.id)).length > 0,
        60_000,
        'a first batch of leads',
      );
      const cancel = await api.put(`/api/jobs/${automation.jobId}`, { status: 'cancelled' }, as(ada));
      expect(cancel.status, cancel.text).toBe(200);
      expect(await outcome).toEqual([]);
    } finally {
      site.setFailures({ clear: true });
      await outcome?.catch(() => undefined);
    }
    const leads = await storedLeads(ada.id, automation.id);
    expect(leads.length).toBeLessThan(visibleFollowerIds().length);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'cancelled',
      totalLeads: leads.length,
    });
    const page = await api.get(`/api/automation/leads/${automation.jobId}?page=1&limit=50`, as(ada));
    expect(page.body.data.totalLeads).toBe(leads.length);
  });
});
