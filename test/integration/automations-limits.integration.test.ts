import { describe, expect, it } from 'vitest';
import {
  expectRefused,
  FOLLOWERS,
  LIMIT_MESSAGE,
  listOf,
  POST_SCRAPER,
  RACE_MESSAGE,
  runMessagesOf,
  setStatus,
  start,
  startAutomationsSuite,
  started,
  storedAutomations,
  usageCount,
} from '../support/automations-suite';
import { newUser } from '../support/users';

/** The plan limit on running automations. */
startAutomationsSuite({ poolSize: 6 });

describe('POST /api/automation/start: the plan limit on running automations', () => {
  it('refuses a FREE user a second automation with the limit message, and stores and sends nothing', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const first = await started(ada, { templateId: FOLLOWERS });
    const usage = await usageCount(POST_SCRAPER, ada);

    const second = await start(ada, {
      templateId: POST_SCRAPER,
      config: {
        postSettings: { linkedinPostUrl: 'https://www.linkedin.com/posts/jane-doe_growth-activity-1' },
      },
    });
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ code: 'FORBIDDEN', message: LIMIT_MESSAGE(1) });

    expect((await storedAutomations(ada.id)).map((i) => i.id)).toEqual([first.id]);
    expect((await runMessagesOf(ada.id)).map((m) => m.jobId)).toEqual([first.id]);
    expect((await listOf(ada)).body.data.automations).toHaveLength(1);
    expect(await usageCount(POST_SCRAPER, ada)).toBe(usage);
  });

  it('lets a TRIAL user run five at once, lists them newest first, and refuses the sixth', async () => {
    const ada = await newUser({ plan: 'TRIAL', connect: ['linkedin'] });
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const automation = await started(ada, {
        templateId: FOLLOWERS,
        config: { filteringSettings: { maxProfiles: i * 10 } },
      });
      ids.push(automation.id);
    }
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, LIMIT_MESSAGE(5));

    const list = (await listOf(ada)).body.data.automations;
    expect(list.map((a: { id: string }) => a.id)).toEqual([...ids].reverse());
    expect(
      list.map(
        (a: { config: { filteringSettings: { maxProfiles: number } } }) =>
          a.config.filteringSettings.maxProfiles,
      ),
    ).toEqual([50, 40, 30, 20, 10]);
    expect((await runMessagesOf(ada.id)).map((m) => m.jobId).sort()).toEqual([...ids].sort());
  });

  it('does not count an automation that has completed (or failed, paused, cancelled) against the limit', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const first = await started(ada, { templateId: FOLLOWERS });
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, LIMIT_MESSAGE(1));

    await setStatus(ada.id, first.id, 'completed');
    const second = await started(ada, { templateId: FOLLOWERS });
    expect(second.id).not.toBe(first.id);

    for (const status of ['failed', 'paused', 'cancelled']) {
      await setStatus(ada.id, second.id, status);
      const next = await started(ada, { templateId: FOLLOWERS });
      await setStatus(ada.id, next.id, 'completed');
    }
    await setStatus(ada.id, second.id, 'running');
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, LIMIT_MESSAGE(1));
    await setStatus(ada.id, second.id, 'active');
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, LIMIT_MESSAGE(1));
    expect(await storedAutomations(ada.id)).toHaveLength(5);
  });

  it('lets exactly one of four simultaneous starts of a FREE user through', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const results = await Promise.all(Array.from({ length: 4 }, () => start(ada, { templateId: FOLLOWERS })));

    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(results.map((r) => r.text)),
    ).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect([403, 409], refused.text).toContain(refused.status);
      expect([LIMIT_MESSAGE(1), RACE_MESSAGE]).toContain(refused.body.message);
    }
    const stored = await storedAutomations(ada.id);
    expect(stored).toHaveLength(1);
    const winner = results.find((r) => r.status === 201)!.body.data.automation;
    expect(stored[0]!.id).toBe(winner.id);
    expect(await runMessagesOf(ada.id)).toEqual([
      { kind: 'trob-run', jobId: winner.id, automationId: winner.id, workspaceId: ada.id, segment: 0 },
    ]);
  });

  it('never stores more than a TRIAL user’s five, however many starts race', async () => {
    const ada = await newUser({ plan: 'TRIAL', connect: ['linkedin'] });
    const results = await Promise.all(Array.from({ length: 8 }, () => start(ada, { templateId: FOLLOWERS })));

    const accepted = results.filter((r) => r.status === 201);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(accepted.length).toBeLessThanOrEqual(5);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect([403, 409], refused.text).toContain(refused.status);
    }
    const stored = await storedAutomations(ada.id);
    expect(stored.map((i) => i.id).sort()).toEqual(accepted.map((r) => r.body.data.automation.id).sort());
    expect((await runMessagesOf(ada.id)).map((m) => m.jobId).sort()).toEqual(stored.map((i) => i.id).sort());
  });
});
