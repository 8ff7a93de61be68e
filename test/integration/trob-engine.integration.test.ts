import { describe, expect, it, vi } from 'vitest';
import { logger } from '../../functions/core/logger';
import { metrics } from '../../functions/engine/run-metrics';
import { closeSharedBrowser } from '../../functions/platforms/browser';
import { budgetUsed } from '../../functions/safety/budget-repository';
import { BUDGETS } from '../../functions/safety/budgets';
import { createGovernor, periodsOf } from '../../functions/safety/governor';
import { createRuns, runContext } from '../../functions/workers/run-deps';
import { runAsFunction } from '../../scripts/local-cloud/function-runtime/runtime';
import { connectionStatus } from '../../shared/connections';
import type { TrobRunMessage } from '../../shared/run-messages';
import { RUN_TEXTS } from '../../shared/run-texts';
import {
  api,
  as,
  automationItem,
  connectedUser,
  deliver,
  FOLLOWERS,
  followersConfig,
  runQueued,
  sandbox,
  setAutomationFields,
  startEngineSuite,
  startTrob,
  storedLeads,
  takeRunMessages,
  worldFollowers,
} from '../support/engine-suite';
import { RUN_WORKER_ENTRY } from '../support/functions';
import { setEnv } from '../support/integration-env';
import { scanTable } from '../support/table-items';

/**
 * The trob engine end to end (issue 11): a user's started trob is taken off the real queue by the real
 * worker, which drives real Chromium through the sandbox LinkedIn in the user's connected session and
 * stores the leads in DynamoDB Local. Expected leads come from the sandbox world's own data.
 */
startEngineSuite();

describe('follower extractor on the sandbox LinkedIn', () => {
  it('stores every visible follower once with the world’s data, reports completeness and completes at 100%', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig());
    expect(await runQueued(ada.id)).toBeGreaterThanOrEqual(1);

    const { visible, hidden } = worldFollowers();
    const leads = await storedLeads(ada.id, automation.id);
    expect(leads.map((l) => l.id).sort()).toEqual(visible.map((p) => p.id).sort());
    const base = sandbox.sites.linkedin.url;
    for (const person of visible.slice(0, 20)) {
      expect(leads.find((l) => l.id === person.id)).toMatchObject({
        name: person.name,
        headline: person.headline,
        location: person.location,
        profileUrl: `${base}/in/${person.handle}/`,
      });
    }

    const stored = await automationItem(ada.id, automation.id);
    expect(stored).toMatchObject({
      status: 'completed',
      progress: 100,
      totalLeads: visible.length,
      hasData: true,
      totalRuns: 1,
      successfulRuns: 1,
      message: RUN_TEXTS.completed(visible.length),
    });
    expect(stored.report).toEqual({
      available: visible.length + hidden.length,
      found: visible.length + hidden.length,
      stored: visible.length,
      skipped: { hidden: hidden.length, filtered: 0, duplicates: 0 },
      summary: `${visible.length} of about ${visible.length + hidden.length} followers; skipped ${hidden.length} hidden`,
    });

    // What the screens read: the list and a page of leads with the exact total.
    const listed = (await api.get('/api/automation', as(ada))).body.data.automations[0];
    expect(listed).toMatchObject({
      id: automation.id,
      status: 'completed',
      totalLeads: visible.length,
      progress: 100,
    });
    const page = await api.get(`/api/automation/leads/${automation.jobId}?page=2&limit=50`, as(ada));
    expect(page.body.data).toMatchObject({ totalLeads: visible.length, page: 2, limit: 50 });
    expect(page.body.data.leads).toHaveLength(Math.min(50, visible.length - 50));
  });

  it('does nothing on a second delivery of a message it already ran', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(60));
    const [message] = await takeRunMessages(ada.id);
    expect(await deliver(message!)).toEqual([]);
    const before = await automationItem(ada.id, automation.id);
    expect(before.status).toBe('completed');
    expect(await deliver(message!)).toEqual([]);
    const after = await automationItem(ada.id, automation.id);
    expect(after).toMatchObject({
      status: 'completed',
      totalLeads: 60,
      totalRuns: 1,
      updatedAt: before.updatedAt,
    });
    expect(await storedLeads(ada.id, automation.id)).toHaveLength(60);
  });

  it('runs a job once when two workers get its message at the same time', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(120));
    const [message] = await takeRunMessages(ada.id);
    await Promise.all([deliver(message!), deliver(message!)]);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: 120,
      totalRuns: 1,
    });
    expect(await storedLeads(ada.id, automation.id)).toHaveLength(120);
  });

  it('honours maxProfiles and the headline keyword filter, counting what the filter left out', async () => {
    const ada = await connectedUser();
    const { visible } = worldFollowers();
    const keyword = (visible[0]!.headline.split(' ')[0] ?? '').toLowerCase();
    const automation = await startTrob(
      ada,
      FOLLOWERS,
      followersConfig(1000, { headlineKeywords: [keyword] }),
    );
    await runQueued(ada.id);
    const expected = visible.filter((p) => p.headline.toLowerCase().includes(keyword));
    const leads = await storedLeads(ada.id, automation.id);
    expect(leads.map((l) => l.id).sort()).toEqual(expected.map((p) => p.id).sort());
    const stored = await automationItem(ada.id, automation.id);
    expect((stored.report as { skipped: { filtered: number } }).skipped.filtered).toBe(
      visible.length - expected.length,
    );
  });
});

describe('monthly profile usage (DECISIONS 22)', () => {
  it('stops a FREE user’s run at the 100 profiles of the month with what it has and the decision’s message', async () => {
    const ada = await connectedUser('FREE');
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(150));
    await runQueued(ada.id);
    const stored = await automationItem(ada.id, automation.id);
    expect(stored).toMatchObject({
      status: 'completed',
      totalLeads: 100,
      message: 'Monthly profile limit reached (100). Upgrade your plan to extract more.',
    });
    expect(await storedLeads(ada.id, automation.id)).toHaveLength(100);
    const usage = await api.get('/api/users/usage', as(ada));
    expect(usage.body.data.usage).toEqual({
      month: new Date().toISOString().slice(0, 7),
      profilesUsed: 100,
      limit: 100,
    });
  });
});

describe('a platform that stops the run', () => {
  it('pauses on a challenge with the leads so far, flags the connection, and resumes after a re-sync without a duplicate', async () => {
    const ada = await connectedUser();
    const site = sandbox.sites.linkedin;
    // The landing page and two follower pages pass; the third page meets the checkpoint.
    site.setFailures({ challengeAfter: 3 });
    const automation = await startTrob(ada, FOLLOWERS, followersConfig());
    try {
      await runQueued(ada.id);
    } finally {
      site.setFailures({ clear: true });
    }
    const paused = await automationItem(ada.id, automation.id);
    expect(paused).toMatchObject({ status: 'paused', errorMessage: RUN_TEXTS.challenge('LinkedIn') });
    // Stopped by the platform, the job is not over: it counts no run yet.
    expect(paused.totalRuns ?? 0).toBe(0);
    const kept = await storedLeads(ada.id, automation.id);
    expect(kept.length).toBeGreaterThan(0);
    expect(paused.totalLeads).toBe(kept.length);

    const connections = (await api.get('/api/users/platforms', as(ada))).body.data.platforms;
    const linkedin = connections.find((c: { platform: string }) => c.platform === 'LINKEDIN');
    expect(linkedin).toMatchObject({ errorCount: 1, lastError: RUN_TEXTS.challenge('LinkedIn') });
    expect(connectionStatus(linkedin)).toBe('Issues Detected');

    // The user completes the check and re-syncs: the job continues from its cursor.
    const resync = await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, as(ada));
    expect(resync.status, resync.text).toBeLessThan(300);
    await runQueued(ada.id);
    const { visible } = worldFollowers();
    const leads = await storedLeads(ada.id, automation.id);
    expect(new Set(leads.map((l) => l.id)).size).toBe(leads.length);
    expect(leads.map((l) => l.id).sort()).toEqual(visible.map((p) => p.id).sort());
    // One job, paused once and resumed: one run, and a successful one.
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'completed',
      totalLeads: visible.length,
      totalRuns: 1,
      successfulRuns: 1,
    });
  });

  it('pauses with the session-ended message when the platform signs the session out', async () => {
    const ada = await connectedUser();
    const site = sandbox.sites.linkedin;
    site.setFailures({ expireAfter: 2 });
    const automation = await startTrob(ada, FOLLOWERS, followersConfig());
    try {
      await runQueued(ada.id);
    } finally {
      site.setFailures({ clear: true });
    }
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'paused',
      errorMessage: RUN_TEXTS.expired('LinkedIn'),
    });
  });

  it('rests list reads for hours after a 429 and waits on the queue instead of overrunning', async () => {
    const ada = await connectedUser();
    const site = sandbox.sites.linkedin;
    site.setFailures({ rateLimitAfter: 2 });
    const automation = await startTrob(ada, FOLLOWERS, followersConfig());
    try {
      await runQueued(ada.id);
    } finally {
      site.setFailures({ clear: true });
    }
    const waiting = await automationItem(ada.id, automation.id);
    expect(waiting).toMatchObject({ status: 'running', stage: 'waiting' });
    expect(Date.parse(String(waiting.waitUntil)) - Date.now()).toBeGreaterThan(5 * 3600_000);
    expect(String((waiting.forecast as { summary: string }).summary)).toMatch(
      /^about \d+ profiles left; at today's budget, complete /,
    );
  });
});

describe('runs that fail for good', () => {
  it('fails a job whose platform was disconnected, and the failed job frees the FREE plan’s one slot', async () => {
    const ada = await connectedUser('FREE');
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    const platforms = (await api.get('/api/users/platforms', as(ada))).body.data.platforms;
    expect((await api.delete(`/api/users/platforms/${platforms[0].id}`, undefined, as(ada))).status).toBe(
      200,
    );
    await runQueued(ada.id);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.notConnected('LinkedIn'),
    });
    await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, as(ada));
    expect(
      (
        await api.post(
          '/api/automation/start',
          { templateId: FOLLOWERS, config: followersConfig(10) },
          as(ada),
        )
      ).status,
    ).toBe(201);
  });

  it('fails a job whose template left the catalogue, saying so, before opening a browser', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    await setAutomationFields(ada.id, automation.id, { templateId: 'linkedin-retired-extractor' });
    await runQueued(ada.id);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.templateGone,
    });
  });

  it('fails a job whose template is in the catalogue but no trob runs it (a flow’s) as not runnable', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    await setAutomationFields(ada.id, automation.id, { templateId: 'linkedin-ai-prospecting-flow' });
    await runQueued(ada.id);
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.notRunnable,
    });
  });

  it('fails at once with the install hint when the machine has no Chromium, instead of retrying for an hour', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    const [message] = await takeRunMessages(ada.id);
    await closeSharedBrowser();
    // The worker launches its own Chromium here, not the run's shared one (CHROMIUM_ENDPOINT).
    const endpoint = process.env.CHROMIUM_ENDPOINT;
    setEnv({ CHROMIUM_PATH: '/nowhere/chromium', CHROMIUM_ENDPOINT: undefined });
    try {
      expect(await deliver(message!, { receiveCount: 1 })).toEqual([]);
    } finally {
      setEnv({ CHROMIUM_PATH: undefined, CHROMIUM_ENDPOINT: endpoint });
    }
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.browserMissing('/nowhere/chromium'),
    });
  });

  it('retries a failing run, and its last attempt ends the job failed instead of leaving it for the DLQ', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(10));
    const [message] = await takeRunMessages(ada.id);
    // The platform cannot be reached (a port nothing listens on): every attempt fails.
    setEnv({ SANDBOX_LINKEDIN_URL: 'http://127.0.0.1:9' });
    try {
      expect(await deliver(message!, { receiveCount: 1 })).toHaveLength(1);
      expect((await automationItem(ada.id, automation.id)).status).toBe('running');
      expect(await deliver(message!, { receiveCount: 3 })).toEqual([]);
    } finally {
      setEnv(sandbox.env);
    }
    expect(await automationItem(ada.id, automation.id)).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.retriesExhausted(3),
    });
  });
});

describe('deleting the account', () => {
  it('removes its leads and their count shards, budget counters and usage through the purge queue', async () => {
    const ada = await connectedUser();
    const automation = await startTrob(ada, FOLLOWERS, followersConfig(80));
    await runQueued(ada.id);
    expect(await storedLeads(ada.id, automation.id)).toHaveLength(80);
    const owned = async () =>
      (await scanTable()).filter((item) => String(item.pk).startsWith(`USER#${ada.id}`));
    expect((await owned()).some((item) => String(item.pk).includes('#BUDGET#'))).toBe(true);
    expect((await owned()).some((item) => String(item.pk).endsWith('#USAGE'))).toBe(true);
    expect((await owned()).some((item) => String(item.sk).startsWith('COUNT#'))).toBe(true);

    const res = await api.delete('/api/users/account', { password: ada.password }, as(ada));
    expect(res.status, res.text).toBe(200);
    const deadline = Date.now() + 20_000;
    while ((await owned()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await owned()).toEqual([]);
  });
});

describe('one account, two runs at once', () => {
  it('never lets two concurrent jobs of one account read more list pages than its daily budget', async () => {
    const ada = await connectedUser();
    const first = await startTrob(ada, FOLLOWERS, followersConfig());
    const second = await startTrob(ada, FOLLOWERS, followersConfig());
    const messages = await takeRunMessages(ada.id);
    expect(messages).toHaveLength(2);
    const connection = (await api.get('/api/users/platforms', as(ada))).body.data.platforms[0];
    // A budget of 3 list pages a day for the account, shared by both jobs.
    const budgets = {
      ...BUDGETS.linkedin,
      'list-pages': { daily: 3, weekly: 100, spacingMs: [0, 0] as const },
    };
    const service = createRuns();
    const context = (message: TrobRunMessage) => ({
      ...runContext(logger, { getRemainingTimeInMillis: () => 300_000 }, 1),
      governorFor: (account: { workspaceId: string; connectionId: string }) =>
        createGovernor({ account, platform: 'linkedin', now: () => new Date(), pacingScale: 0, budgets }),
      progressFor: () => ({ report: () => undefined, flush: async () => undefined }),
      log: logger.child({ jobId: message.jobId }),
    });
    // As the run worker's function (its environment and role), with the test's governor and progress.
    const outcomes = await Promise.all(
      messages.map((m) => runAsFunction(RUN_WORKER_ENTRY, () => service.run(m, context(m)))),
    );
    expect(outcomes.sort()).toEqual(['waiting', 'waiting']);
    const used = await budgetUsed(
      { workspaceId: ada.id, connectionId: connection.id },
      'list-pages',
      periodsOf(new Date()),
    );
    expect(used.daily).toBe(3);
    // Three pages of 50 followers between them, no more.
    const stored =
      (await storedLeads(ada.id, first.id)).length + (await storedLeads(ada.id, second.id)).length;
    expect(stored).toBeLessThanOrEqual(150);
    expect(stored).toBeGreaterThan(100);
  });
});

describe('list pages taken from the budget four at a time', () => {
  it('counts exactly the pages a job read: the one taken ahead and not read is given back', async () => {
    const ada = await connectedUser();
    // 120 profiles: 3 pages of 50, taken as 4 at once.
    await startTrob(ada, FOLLOWERS, followersConfig(120));
    await runQueued(ada.id);
    const connection = (await api.get('/api/users/platforms', as(ada))).body.data.platforms[0];
    const used = await budgetUsed(
      { workspaceId: ada.id, connectionId: connection.id },
      'list-pages',
      periodsOf(new Date()),
    );
    expect(used).toMatchObject({ daily: 3, weekly: 3 });
  });
});

describe('operators’ counters (Powertools metrics)', () => {
  it('counts a run started, the leads written and the run completed; a challenge counts as challenged', async () => {
    const added: Array<[string, number]> = [];
    const spy = vi.spyOn(metrics, 'addMetric').mockImplementation((name, _unit, value) => {
      added.push([name, value]);
      return metrics;
    });
    try {
      const ada = await connectedUser();
      await startTrob(ada, FOLLOWERS, followersConfig(70));
      await runQueued(ada.id);
      const names = added.map(([name]) => name);
      expect(names[0]).toBe('RunsStarted');
      expect(names.at(-1)).toBe('RunsCompleted');
      expect(new Set(names.slice(1, -1))).toEqual(new Set(['LeadsWritten']));
      // One count a stored page: 70 leads in all.
      expect(added.filter(([name]) => name === 'LeadsWritten').reduce((sum, [, n]) => sum + n, 0)).toBe(70);
      added.length = 0;
      sandbox.sites.linkedin.setFailures({ challengeAfter: 1 });
      try {
        await startTrob(ada, FOLLOWERS, followersConfig(70));
        await runQueued(ada.id);
      } finally {
        sandbox.sites.linkedin.setFailures({ clear: true });
      }
      expect(added).toEqual([
        ['RunsStarted', 1],
        ['RunsChallenged', 1],
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});
