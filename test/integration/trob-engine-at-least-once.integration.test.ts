import { describe, expect, it, vi } from 'vitest';
import { keys } from '../../functions/core/table';
import { claimSegment } from '../../functions/jobs/job-state/claim-repository';
import { finishJob } from '../../functions/jobs/job-state/job-end-repository';
import { markHeldRunUnsent } from '../../functions/jobs/job-state/unsent-repository';
import { RUN_TEXTS } from '../../shared/run-texts';
import {
  automationItem,
  connectedUser,
  currentJobItem,
  deliver,
  env,
  FOLLOWERS,
  followersConfig,
  runQueued,
  sandbox,
  startEngineSuite,
  startTrob,
  storedLeads,
  takeRunMessages,
} from '../support/engine-suite';
import { sweepUnsentAsTask } from '../support/functions';
import { setEnv } from '../support/integration-env';

/**
 * Issue 32 point 4: SQS delivers a run message at least once, and a job still runs once. A message that
 * meets its segment held by a lease goes back through the unsent index (the run dispatch is the one
 * sender of run messages), and a last attempt whose failure cannot be recorded leaves the job to the
 * stalled-job sweep instead of putting a valid message on the DLQ.
 */
vi.mock('../../functions/jobs/job-state/job-end-repository', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/jobs/job-state/job-end-repository')>();
  // The real write unless a test makes it fail.
  return { ...real, finishJob: vi.fn(real.finishJob) };
});

startEngineSuite();

/** The user's run messages on the trob-runs queue, waiting, delayed or received (fauxqs's own view). */
function onRunQueue(userId: string): number {
  const state = env.queues.server.inspectQueue(env.queues.urls['trob-runs'].split('/').at(-1)!);
  if (!state) return 0;
  const bodies = [
    ...state.messages.ready.map((m) => m.body),
    ...state.messages.delayed.map((m) => m.body),
    ...state.messages.inflight.map((m) => m.message.body),
  ];
  return bodies.filter((body) => body.includes(userId)).length;
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The JSON log lines written while `body` runs, at error level and above. */
async function errorLines(body: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'error';
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    try {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    } catch {
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }
  }) as typeof process.stdout.write);
  try {
    await body();
  } finally {
    vi.mocked(process.stdout.write).mockRestore();
    process.env.LOG_LEVEL = level;
  }
  return lines;
}

describe('a message that meets its segment held by a lease', () => {
  it('goes back on the unsent index, not straight to the queue, and runs once after the lease ends', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    const [message] = await takeRunMessages(ada.id);
    // Another worker holds the segment for a few seconds (still running it, or gone without letting go).
    const claim = await claimSegment({
      userId: ada.id,
      automationId: automation.id,
      jobId: message!.jobId,
      segment: message!.segment,
      now: new Date(),
      leaseMs: 4000,
    });
    expect(claim.kind).toBe('claimed');
    const leaseUntil = Date.parse(String((await currentJobItem(ada.id, automation.id)).leaseUntil));

    expect(await deliver(message!, { receiveCount: 2 })).toEqual([]);
    // The worker sent nothing: the segment waits on the unsent index, to be sent a second after the lease.
    expect(onRunQueue(ada.id)).toBe(0);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'running',
      gsi1pk: keys.unsentAutomations.pk,
      queuedSegment: message!.segment,
      sendAt: new Date(leaseUntil + 1000).toISOString(),
    });

    // The run dispatch sends it, delayed: it arrives once the lease has ended, and only once.
    let comeBack: Awaited<ReturnType<typeof takeRunMessages>> = [];
    await waitFor(
      async () => {
        comeBack = await takeRunMessages(ada.id);
        return comeBack.length > 0;
      },
      20_000,
      'the message to come back',
    );
    expect(Date.now()).toBeGreaterThan(leaseUntil);
    expect(comeBack).toEqual([message]);
    expect(await automationItem(ada.id, automation.id)).not.toHaveProperty('gsi1pk');

    expect(await deliver(comeBack[0]!)).toEqual([]);
    await runQueued(ada.id);
    expect(await storedLeads(ada.id, automation.id)).toHaveLength(10);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: 10,
    });
    expect(onRunQueue(ada.id)).toBe(0);
  }, 60_000);

  it('puts nothing back when the lease let go of the job in the meantime (the job ended)', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    const [message] = await takeRunMessages(ada.id);
    expect(await deliver(message!)).toEqual([]);
    expect((await automationItem(ada.id, automation.id)).status).toBe('completed');
    // The worker met the lease just before the job ended, and writes after it.
    const marked = await markHeldRunUnsent({
      userId: ada.id,
      automationId: automation.id,
      job: {
        id: message!.jobId,
        createdAt: (await automationItem(ada.id, automation.id)).createdAt as string,
      },
      segment: message!.segment,
      sendAt: new Date(Date.now() + 5000),
      now: new Date(),
    });
    expect(marked).toBe(false);
    expect(await automationItem(ada.id, automation.id)).not.toHaveProperty('gsi1pk');
    expect(await takeRunMessages(ada.id)).toEqual([]);
  });
});

describe('a last attempt whose failure cannot be recorded', () => {
  it('logs both errors, keeps the message off the DLQ and leaves the job to the stalled-job sweep, which retries it', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    const [message] = await takeRunMessages(ada.id);
    // The platform cannot be reached (every attempt fails), and ending the job fails once.
    setEnv({ SANDBOX_LINKEDIN_URL: 'http://127.0.0.1:9' });
    vi.mocked(finishJob).mockRejectedValueOnce(new Error('the table is out of reach'));
    let failed: string[] = [];
    try {
      const lines = await errorLines(async () => {
        failed = await deliver(message!, { receiveCount: 3 });
      });
      // Acknowledged: a failed record on its last attempt would go to the DLQ.
      expect(failed).toEqual([]);
      const errors = lines
        .filter((l) => l.level === 'error' && l.jobId === message!.jobId)
        .map((l) => (l.error as { message: string }).message);
      // The run's own failure first, then the failure to record it: neither hides the other.
      expect(errors).toHaveLength(2);
      expect(errors[0]).toContain('http://127.0.0.1:9/');
      expect(errors[1]).toBe('the table is out of reach');

      // Still running, its lease ended: the sweep's next pass puts its segment back on the unsent index
      // and sends it.
      expect(await automationItem(ada.id, automation.id)).toMatchObject({ status: 'running' });
      expect(await currentJobItem(ada.id, automation.id)).toMatchObject({
        status: 'running',
        leaseUntil: new Date(0).toISOString(),
      });
      expect(await sweepUnsentAsTask()).toEqual({ sent: 1, failed: 0, stalled: 1, woken: 0 });
      const [takeover] = await takeRunMessages(ada.id);
      expect(takeover).toEqual(message);

      // The retried job ends this time, with its failure recorded.
      expect(await deliver(takeover!, { receiveCount: 3 })).toEqual([]);
    } finally {
      setEnv(sandbox.env);
    }
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.retriesExhausted(3),
    });
    expect(await takeRunMessages(ada.id)).toEqual([]);
  });
});
