import { afterAll, describe, it } from 'vitest';
import { STALLED_GRACE_MS } from '../../functions/engine/run-dispatch-service';
import { advanceSandboxClock } from '../../scripts/sandbox-platforms';
import { type CaseContext, type CrashCase, printResults, runCase } from './case-runner';
import type { CrashAt } from './crash-cloud';
import { ctrlCCase } from './ctrl-c-case';
import {
  CONNECTIONS,
  EVERY_WRITE_FLOW,
  enrichedConnectionsConfig,
  FOLLOWERS,
  followersConfig,
  until,
  warmupConfig,
} from './user-steps';

/**
 * Issue 35 point 5: SIGKILL of the whole local cloud at each step of a trob and of a flow's platform
 * writes, then a restart on the same state after a downtime; each case asserts that the cloud heals:
 * every platform write exactly once and recorded done, nothing in flight past its lease and grace, every
 * job finished or waiting with a wake-up, counters equal to what is stored. `npm run test:crash`.
 */
const CASE_MS = 8 * 60_000;
const DAY = 24 * 3600_000;

afterAll(() => printResults());

/** Waits until the flow's first run has ended (its job settled, the flow active again). */
async function firstRunEnded({ user }: CaseContext, flowId: string): Promise<void> {
  await until(
    'the flow’s first run to end',
    async () => {
      const flow = await user.flow(flowId);
      const stats = (flow.state as { executionStats?: { totalRuns?: number } }).executionStats;
      return (stats?.totalRuns ?? 0) >= 1 && flow.status === 'ACTIVE' ? true : undefined;
    },
    180_000,
  );
}

const trobCases: CrashCase[] = [
  {
    name: 'trob: list batch stored',
    crashAt: { step: 'leads-stored' },
    drive: async ({ user }) => void (await user.startTrob(FOLLOWERS, followersConfig(90))),
  },
  {
    name: 'trob: enrichment read',
    crashAt: { step: 'enrichment-read' },
    drive: async ({ user }) => void (await user.startTrob(CONNECTIONS, enrichedConnectionsConfig(25))),
  },
  {
    // 100 profiles to visit against 80 profile views a day: the job waits for tomorrow's budget.
    name: 'trob: budget wait',
    crashAt: { step: 'budget-wait' },
    drive: async ({ user }) => void (await user.startTrob(CONNECTIONS, enrichedConnectionsConfig(100))),
    // Off past the wake-up and the sweep's grace: the wait's delayed message died with the cloud.
    downtimeMs: (line, killedAtApp) => {
      const wakeUp = Date.parse(/waitUntil ([^\s)]+)/.exec(line)?.[1] ?? '');
      if (Number.isNaN(wakeUp)) throw new Error(`No wake-up in the hook's line: ${line}`);
      return Math.max(0, wakeUp - killedAtApp) + STALLED_GRACE_MS + 2 * 60_000;
    },
  },
];

/** Likes, comments and invitations go out at a warm-up flow's first run. */
const firstRunWrite = (kind: 'like' | 'comment' | 'invite', step: CrashAt['step']): CrashCase => ({
  name: `${kind} at ${step}`,
  crashAt: { step, kind },
  drive: async ({ user }) => void (await user.startFlow(EVERY_WRITE_FLOW, warmupConfig())),
});

/** A message goes to who accepted, at the flow's next run, three days on the sandbox's clock. */
const messageWrite = (step: CrashAt['step']): CrashCase => ({
  name: `message at ${step}`,
  crashAt: { step, kind: 'message' },
  drive: async (context) => {
    const flowId = await context.user.startFlow(EVERY_WRITE_FLOW, warmupConfig());
    await firstRunEnded(context, flowId);
    await advanceSandboxClock('linkedin', 3 * DAY, context.running.env.SANDBOX_LINKEDIN_URL);
    await context.user.executeFlow(flowId);
  },
});

const STEPS = ['intent', 'taken', 'performed', 'verified'] as const;
const writeCases: CrashCase[] = [
  ...STEPS.flatMap((step) =>
    (['like', 'comment', 'invite'] as const).map((kind) => firstRunWrite(kind, step)),
  ),
  ...STEPS.map(messageWrite),
];

const otherCases: CrashCase[] = [
  {
    // A new flow reviews everything: the first run only records intents; what the user approves goes next run.
    name: 'approved review items going out',
    crashAt: { step: 'performed' },
    drive: async (context) => {
      const flowId = await context.user.startFlow(EVERY_WRITE_FLOW, warmupConfig({ review: true }));
      await firstRunEnded(context, flowId);
      const approved = await context.user.approveAll(flowId);
      if (approved === 0) throw new Error('The first run left nothing to review');
      await context.user.executeFlow(flowId);
    },
  },
  {
    // Invitations at the first run; eight days later (the machine off meanwhile, on every clock of the
    // cloud) the next run withdraws those still pending after the flow's 7 days.
    name: 'withdrawal performed',
    crashAt: { step: 'performed', kind: 'withdraw' },
    drive: async (context) => {
      const flowId = await context.user.startFlow(EVERY_WRITE_FLOW, warmupConfig({ withdrawAfterDays: 7 }));
      await firstRunEnded(context, flowId);
      await context.restartArmed({ shiftMs: 8 * DAY });
      // The flow's schedule may have fired at the start already; 'Run now' otherwise.
      await context.user.executeFlow(flowId);
    },
  },
];

describe('the local cloud killed at any step heals after a restart', () => {
  describe('trobs', () => {
    for (const crash of trobCases) it(`heals a trob killed at: ${crash.name}`, () => runCase(crash), CASE_MS);
  });
  describe('platform writes', () => {
    for (const crash of writeCases) it(`heals a ${crash.name}`, () => runCase(crash), CASE_MS);
  });
  describe('review and withdrawal', () => {
    for (const crash of otherCases) it(`heals ${crash.name}`, () => runCase(crash), CASE_MS);
  });
  it(
    'hands a follower trob over on Ctrl-C: the restart resumes it within 15 s and completes it',
    () => ctrlCCase(),
    CASE_MS,
  );
});
