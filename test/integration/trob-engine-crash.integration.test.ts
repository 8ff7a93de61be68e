import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  automationItem,
  connectedUser,
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
      runSegment: 1,
    });
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

    // While the killed worker's lease lasts, the redelivered message claims nothing.
    expect(await deliver(message!, { receiveCount: 2 })).toEqual([]);
    expect((await automationItem(ada.id, automation.id)).status).toBe('running');
    await waitFor(
      async () => Date.parse(String((await automationItem(ada.id, automation.id)).leaseUntil)) < Date.now(),
      15_000,
      'the lease to run out',
    );

    // SQS hands the message out again after its visibility timeout: this worker continues the job.
    expect(await deliver(message!, { receiveCount: 3 })).toEqual([]);
    const leads = await storedLeads(ada.id, automation.id);
    expect(leads.map((l) => l.id).sort()).toEqual(visibleFollowerIds());
    for (const kept of keptAtKill) {
      expect(leads.find((l) => l.id === kept.id)?.extractedAt).toBe(kept.extractedAt);
    }
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: leads.length,
    });
  });
});
