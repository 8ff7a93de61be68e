import { describe, expect, it } from 'vitest';
import { findTemplate } from '../../functions/catalog/catalog-repository';
import { keys } from '../../functions/core/table';
import {
  api,
  expectRefused,
  FOLLOWERS,
  followersConfig,
  followersDefaults,
  INSTAGRAM_FOLLOWERS,
  LIMIT_MESSAGE,
  listOf,
  runMessagesOf,
  setStatus,
  start,
  startAutomationsSuite,
  started,
  statsOf,
  storedAutomations,
  usageCount,
} from '../support/automations-suite';
import { getItem } from '../support/table-items';
import { newUser } from '../support/users';

/** Starting a trob: what is stored, queued and listed, who may call the routes, per-user isolation and the usage count. */
startAutomationsSuite({ poolSize: 8 });

describe('POST /api/automation/start: a user starts a trob', () => {
  it('stores the automation as pending, puts its run on the queue, lists it and counts the start', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const usageBefore = await usageCount(FOLLOWERS, ada);

    const res = await start(ada, { templateId: FOLLOWERS, config: followersConfig, userCookies: [] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('Automation started');
    const automation = res.body.data.automation;
    expect(automation).toEqual({
      id: expect.any(String),
      jobId: automation.id,
      templateId: FOLLOWERS,
      displayName: 'LinkedIn Follower Extractor',
      platform: 'linkedin',
      status: 'pending',
      config: followersConfig,
      createdAt: expect.any(String),
      updatedAt: automation.createdAt,
      // A new job: nothing done yet, waiting for a worker.
      progress: 0,
      stage: 'queued',
      message: 'Waiting for a worker',
      completedTasks: 0,
      totalTasks: 0,
      successTasks: 0,
      failedTasks: 0,
      totalLeads: 0,
      hasData: false,
      totalRuns: 0,
      successfulRuns: 0,
    });
    expect(Date.now() - Date.parse(automation.createdAt)).toBeLessThan(60_000);

    expect(await runMessagesOf(ada.id)).toEqual([
      {
        kind: 'trob-run',
        jobId: automation.id,
        automationId: automation.id,
        workspaceId: ada.id,
        segment: 0,
      },
    ]);

    const list = await listOf(ada);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ status: 'success', data: { automations: [automation] } });

    expect(await usageCount(FOLLOWERS, ada)).toBe(usageBefore + 1);
    // The sent automation is no longer waiting for the sweep.
    const item = await getItem(keys.automation(ada.id, automation.id));
    expect(item).toMatchObject({ userId: ada.id, status: 'pending', queuedAt: expect.any(String) });
    expect(item).not.toHaveProperty('gsi1pk');
  });

  it('fills every setting left out with the template default', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const automation = await started(ada, { templateId: FOLLOWERS });
    expect(automation.config).toEqual(followersDefaults);
    expect(automation.status).toBe('pending');
    expect(await runMessagesOf(ada.id)).toEqual([
      {
        kind: 'trob-run',
        jobId: automation.id,
        automationId: automation.id,
        workspaceId: ada.id,
        segment: 0,
      },
    ]);
  });

  it('keeps the given settings and fills only the missing ones, reading numbers typed as text', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const automation = await started(ada, {
      templateId: FOLLOWERS,
      config: { filteringSettings: { maxProfiles: '50' }, unknownSetting: 'dropped' },
    });
    expect(automation.config).toEqual({
      ...followersDefaults,
      filteringSettings: { ...(followersDefaults.filteringSettings as object), maxProfiles: 50 },
    });
  });
});

describe('automation routes and sign-in', () => {
  it('refuses a start to a user whose e-mail is not verified, but shows the dashboard reads', async () => {
    const ada = await newUser({ verified: false });
    const res = await start(ada, { templateId: FOLLOWERS });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'Please verify your email address to continue.' });
    expect((await listOf(ada)).body).toEqual({ status: 'success', data: { automations: [] } });
    expect((await statsOf(ada)).status).toBe(200);
    expect(await storedAutomations(ada.id)).toEqual([]);
  });

  it('answers 401 to a caller without a token or with a forged one', async () => {
    const forged = { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' };
    for (const options of [{}, forged]) {
      expect((await api.post('/api/automation/start', { templateId: FOLLOWERS }, options)).status).toBe(401);
      expect((await api.get('/api/automation', options)).status).toBe(401);
      expect((await api.get('/api/jobs/dashboard/stats', options)).status).toBe(401);
    }
  });
});

describe("user A's automations never reach user B", () => {
  it('lists, counts and limits each user’s automations on their own', async () => {
    const [ada, bob] = await Promise.all([
      newUser({ connect: ['linkedin'] }),
      newUser({ connect: ['linkedin'] }),
    ]);
    const adas = await started(ada, { templateId: FOLLOWERS });
    await setStatus(ada.id, adas.id, 'completed');
    const adasSecond = await started(ada, { templateId: FOLLOWERS, config: followersConfig });

    expect((await listOf(bob)).body.data.automations).toEqual([]);
    expect((await statsOf(bob)).body.data).toMatchObject({
      totalAutomations: 0,
      completedAutomations: 0,
      activeAutomations: 0,
      connectedAccounts: 1,
    });
    // A's running automation does not use up B's limit of one.
    const bobs = await started(bob, { templateId: FOLLOWERS });
    expect((await listOf(bob)).body.data.automations.map((a: { id: string }) => a.id)).toEqual([bobs.id]);
    expect((await listOf(ada)).body.data.automations.map((a: { id: string }) => a.id)).toEqual([
      adasSecond.id,
      adas.id,
    ]);
    expect((await statsOf(ada)).body.data).toMatchObject({ totalAutomations: 2, completedAutomations: 1 });
    expect(await runMessagesOf(bob.id)).toEqual([
      { kind: 'trob-run', jobId: bobs.id, automationId: bobs.id, workspaceId: bob.id, segment: 0 },
    ]);
  });
});

describe('the template usage count', () => {
  it('is the number of accepted starts of the trob', async () => {
    const template = await findTemplate(INSTAGRAM_FOLLOWERS);
    const ada = await newUser({ plan: 'TRIAL', connect: ['instagram'] });
    const body = {
      templateId: INSTAGRAM_FOLLOWERS,
      config: { targetSettings: { username: '@ines.sandbox' } },
    };
    // Instagram needs a plan with twitter's row (DECISIONS 21): TRIAL, whose limit is 5.
    for (let i = 0; i < 5; i += 1) await started(ada, body);
    expectRefused(await start(ada, body), 403, LIMIT_MESSAGE(5));
    expect((await findTemplate(INSTAGRAM_FOLLOWERS))?.usageCount).toBe((template?.usageCount ?? 0) + 5);
  });
});
