import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/auth/user-repository';
import { deleteTemplate, upsertTemplate } from '../../functions/catalog/catalog-repository';
import { catalogue } from '../../functions/catalog/catalogue';
import { exportFormatNotInPlan } from '../../shared/plan-policy';
import type { ApiResult, TestUser } from '../support/api-client';
import {
  api,
  CONNECT_LINKEDIN,
  expectRefused,
  FOLLOWERS,
  followersConfig,
  future,
  INSTAGRAM_FOLLOWERS,
  LIMIT_MESSAGE,
  listOf,
  POST_SCRAPER,
  past,
  runMessagesOf,
  start,
  startAutomationsSuite,
  started,
  storeAutomation,
  storedAutomations,
  TRIAL_EXPIRED,
  TWITTER_FOLLOWERS,
} from '../support/automations-suite';
import { newUser } from '../support/users';

/** The checks before a start, in the spec's order, and invalid input. */
startAutomationsSuite({ poolSize: 10 });

describe('POST /api/automation/start: the checks before a start, in the spec’s order', () => {
  it('answers an expired trial with the trial message, even when the user is also over the limit', async () => {
    const ada = await newUser({ plan: 'TRIAL', trialEndsAt: past(), connect: ['linkedin'] });
    for (let i = 0; i < 5; i++) {
      await storeAutomation(ada.id, {
        id: `running-${i}`,
        templateId: FOLLOWERS,
        status: 'running',
        config: { n: i },
        createdAt: new Date(Date.now() - i * 1000).toISOString(),
      });
    }
    const res = await start(ada, { templateId: FOLLOWERS });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', message: TRIAL_EXPIRED });

    // A trial without an end date cannot run for ever either.
    await updateUser(ada.id, { trialEndsAt: null });
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, TRIAL_EXPIRED);
    // With the trial extended the limit is what refuses.
    await updateUser(ada.id, { trialEndsAt: future() });
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, LIMIT_MESSAGE(5));
    expect(await storedAutomations(ada.id)).toHaveLength(5);
    expect(await runMessagesOf(ada.id)).toEqual([]);
  });

  it('answers the limit before a missing connection, and a missing connection with 409', async () => {
    const ada = await newUser();
    const res = await start(ada, { templateId: FOLLOWERS, config: followersConfig });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'CONFLICT', message: CONNECT_LINKEDIN });
    // DECISIONS 21: Instagram follows twitter's row, so FREE is refused it before the connection.
    expectRefused(
      await start(ada, { templateId: INSTAGRAM_FOLLOWERS }),
      403,
      'Instagram is not included in your plan. Start a free trial or upgrade to unlock this feature.',
    );
    await updateUser(ada.id, { plan: 'TRIAL', trialEndsAt: future() });
    expectRefused(
      await start(ada, { templateId: INSTAGRAM_FOLLOWERS }),
      409,
      'Connect your Instagram account on the Platforms page before starting this trob.',
    );
    await updateUser(ada.id, { plan: 'FREE', trialEndsAt: null });
    // Over the limit: the limit is said first.
    await storeAutomation(ada.id, {
      id: 'already-running',
      templateId: FOLLOWERS,
      status: 'running',
      config: {},
      createdAt: new Date().toISOString(),
    });
    expectRefused(await start(ada, { templateId: FOLLOWERS }), 403, LIMIT_MESSAGE(1));
    expect(await storedAutomations(ada.id)).toHaveLength(1);
    expect(await runMessagesOf(ada.id)).toEqual([]);
  });

  it('refuses a FREE user a Twitter trob as not in the plan, before the missing connection', async () => {
    const ada = await newUser();
    const res = await start(ada, { templateId: TWITTER_FOLLOWERS });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Twitter is not included in your plan. Start a free trial or upgrade to unlock this feature.',
    });
    // On a plan with Twitter the next check is the connection.
    await updateUser(ada.id, { plan: 'PRO' });
    expectRefused(
      await start(ada, { templateId: TWITTER_FOLLOWERS }),
      409,
      'Connect your Twitter account on the Platforms page before starting this trob.',
    );
    expect(await storedAutomations(ada.id)).toEqual([]);
  });

  it('answers an unknown trob with 404', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    for (const templateId of [
      'no-such-trob',
      '../linkedin-follower-extractor',
      'LINKEDIN-FOLLOWER-EXTRACTOR',
    ]) {
      const res = await start(ada, { templateId });
      expect(res.status, templateId).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Trob not found' });
    }
    expect(await storedAutomations(ada.id)).toEqual([]);
  });

  it('gates flows and smart flows by plan, before the platform checks', async () => {
    const base = catalogue.find((t) => t.id === TWITTER_FOLLOWERS)!;
    const flow = { ...base, id: 'test-flow-trob', displayName: 'Test flow', isFlow: true };
    const smart = { ...base, id: 'test-smart-flow-trob', displayName: 'Test smart flow', isSmartFlow: true };
    await upsertTemplate(flow);
    await upsertTemplate(smart);
    try {
      const ada = await newUser();
      expectRefused(
        await start(ada, { templateId: smart.id }),
        403,
        'Smart Flows are not available in your current plan. Start a free trial or upgrade to unlock this feature.',
      );
      expectRefused(
        await start(ada, { templateId: flow.id }),
        403,
        'AI Flows are available in PRO plans and above.',
      );

      // A trial has smart flows but no flows; past the flow gates comes the connection check.
      await updateUser(ada.id, { plan: 'TRIAL', trialEndsAt: future() });
      expectRefused(
        await start(ada, { templateId: flow.id }),
        403,
        'AI Flows are available in PRO plans and above.',
      );
      expect((await start(ada, { templateId: smart.id })).status).toBe(409);
      await updateUser(ada.id, { plan: 'PRO', trialEndsAt: null });
      expect((await start(ada, { templateId: flow.id })).status).toBe(409);
      expect(await storedAutomations(ada.id)).toEqual([]);
    } finally {
      await deleteTemplate(flow.id);
      await deleteTemplate(smart.id);
    }
  });
});

describe('POST /api/automation/start: invalid input', () => {
  let ada: TestUser;
  beforeAll(async () => {
    ada = await newUser({ connect: ['linkedin'] });
  });

  const issuesOf = (res: ApiResult) => res.body.issues as Array<{ path: string; message: string }>;

  it('refuses a configuration the template’s schema rejects, with issue paths under config.', async () => {
    const cases: Array<{ templateId: string; config?: unknown; path: string; message: string }> = [
      {
        templateId: POST_SCRAPER,
        config: { postSettings: { linkedinPostUrl: 'https://example.com/not-a-post' } },
        path: 'config.postSettings.linkedinPostUrl',
        message:
          'LinkedIn post URL must be a post link such as https://www.linkedin.com/posts/… or https://www.linkedin.com/feed/update/urn:li:activity:…',
      },
      {
        templateId: POST_SCRAPER,
        config: { postSettings: { linkedinPostUrl: 'not a url' } },
        path: 'config.postSettings.linkedinPostUrl',
        message: 'LinkedIn post URL must be a valid URL (http or https)',
      },
      {
        templateId: POST_SCRAPER,
        path: 'config.postSettings.linkedinPostUrl',
        message: 'LinkedIn post URL is required',
      },
      {
        templateId: FOLLOWERS,
        config: { filteringSettings: { maxProfiles: 0 } },
        path: 'config.filteringSettings.maxProfiles',
        message: 'Maximum profiles must be between 1 and 1000',
      },
      {
        templateId: FOLLOWERS,
        config: { filteringSettings: { maxProfiles: 1001 } },
        path: 'config.filteringSettings.maxProfiles',
        message: 'Maximum profiles must be between 1 and 1000',
      },
      {
        templateId: FOLLOWERS,
        config: { filteringSettings: { maxProfiles: 12.5 } },
        path: 'config.filteringSettings.maxProfiles',
        message: 'Maximum profiles must be a whole number',
      },
      {
        templateId: FOLLOWERS,
        config: { filteringSettings: { maxProfiles: 'lots' } },
        path: 'config.filteringSettings.maxProfiles',
        message: 'Maximum profiles must be a whole number',
      },
      {
        templateId: FOLLOWERS,
        config: { filteringSettings: { excludeOpenToWork: 'yes' } },
        path: 'config.filteringSettings.excludeOpenToWork',
        message: 'Skip job seekers must be true or false',
      },
      {
        templateId: FOLLOWERS,
        config: { filteringSettings: { headlineKeywords: 'founder' } },
        path: 'config.filteringSettings.headlineKeywords',
        message: 'Headline keywords must be a list',
      },
      {
        templateId: FOLLOWERS,
        config: { exportSettings: { format: 'xml' } },
        path: 'config.exportSettings.format',
        message: 'Export format must be one of: csv, json, excel, pdf',
      },
      {
        templateId: FOLLOWERS,
        config: { targetSettings: 'mine' },
        path: 'config.targetSettings',
        message: 'Whose followers must be an object',
      },
    ];
    for (const c of cases) {
      const res = await start(ada, {
        templateId: c.templateId,
        ...(c.config === undefined ? {} : { config: c.config }),
      });
      expect(res.status, `${c.path}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(issuesOf(res), JSON.stringify(c.config)).toEqual([{ path: c.path, message: c.message }]);
      expect(res.body.message).toBe(c.message);
    }
    expect(await storedAutomations(ada.id)).toEqual([]);
    expect(await runMessagesOf(ada.id)).toEqual([]);
  });

  it('refuses an export format the plan does not include, next to the field, and takes it on a plan that does', async () => {
    const json = { ...followersConfig, exportSettings: { format: 'json', skipDuplicates: false } };
    const refused = await start(ada, { templateId: FOLLOWERS, config: json });
    expect(refused.status, refused.text).toBe(400);
    expect(issuesOf(refused)).toEqual([
      {
        path: 'config.exportSettings.format',
        message:
          'JSON export is not included in your plan. Start a free trial or upgrade to unlock this feature.',
      },
    ]);
    expect((await listOf(ada)).body.data.automations).toEqual([]);

    const trial = await newUser({ plan: 'TRIAL', connect: ['linkedin'] });
    const automation = await started(trial, { templateId: FOLLOWERS, config: json });
    expect(automation.config.exportSettings.format).toBe('json');
    expect((await runMessagesOf(trial.id)).map((m) => m.jobId)).toEqual([automation.id]);
  });

  it('takes a PDF export on PLUS and refuses it below, with the plan hint (DECISIONS 30)', async () => {
    const pdf = { ...followersConfig, exportSettings: { format: 'pdf', skipDuplicates: false } };
    const pro = await newUser({ plan: 'PRO', connect: ['linkedin'] });
    const refused = await start(pro, { templateId: FOLLOWERS, config: pdf });
    expect(refused.status, refused.text).toBe(400);
    expect(issuesOf(refused)).toEqual([
      {
        path: 'config.exportSettings.format',
        message: exportFormatNotInPlan('PRO', 'pdf'),
      },
    ]);
    expect(issuesOf(refused)[0]!.message).toMatch(/^PDF export is not included in your plan\. /);

    const plus = await newUser({ plan: 'PLUS', connect: ['linkedin'] });
    const automation = await started(plus, { templateId: FOLLOWERS, config: pdf });
    expect(automation.config.exportSettings.format).toBe('pdf');
  });

  it('lists every problem of a configuration, each under config.', async () => {
    const res = await start(ada, {
      templateId: POST_SCRAPER,
      config: {
        postSettings: {
          linkedinPostUrl: 'https://www.linkedin.com/posts/x',
          extractionTypes: ['retweeters'],
        },
        filteringSettings: { maxProfiles: -1 },
      },
    });
    expect(res.status).toBe(400);
    const paths = issuesOf(res).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'config.postSettings.extractionTypes.0',
        'config.filteringSettings.maxProfiles',
      ]),
    );
    for (const path of paths) expect(path.startsWith('config.')).toBe(true);
  });

  it('refuses malformed bodies with 400 and never a 500', async () => {
    const bodies: Array<{ name: string; body?: unknown; raw?: string }> = [
      { name: 'no body', raw: '' },
      { name: 'empty object', body: {} },
      { name: 'blank templateId', body: { templateId: '   ' } },
      { name: 'numeric templateId', body: { templateId: 42 } },
      { name: 'very long templateId', body: { templateId: 'x'.repeat(101) } },
      { name: 'config as text', body: { templateId: FOLLOWERS, config: 'maxProfiles=10' } },
      { name: 'config as a list', body: { templateId: FOLLOWERS, config: [1, 2] } },
      { name: 'config null', body: { templateId: FOLLOWERS, config: null } },
      { name: 'cookies sent', body: { templateId: FOLLOWERS, userCookies: [{ name: 'li_at', value: 'x' }] } },
      { name: 'cookies not a list', body: { templateId: FOLLOWERS, userCookies: 'li_at=x' } },
      { name: 'a JSON list', body: [FOLLOWERS] },
      { name: 'a JSON string', raw: '"linkedin-follower-extractor"' },
      { name: 'JSON null', raw: 'null' },
      { name: 'invalid JSON', raw: '{"templateId": "linkedin-follower-extractor",' },
    ];
    for (const b of bodies) {
      const res = await api.post('/api/automation/start', b.body, {
        token: ada.accessToken,
        ...(b.raw === undefined ? {} : { raw: b.raw }),
      });
      expect(res.status, `${b.name}: ${res.text}`).toBe(400);
      expect(res.body.code, b.name).toBe('VALIDATION_ERROR');
    }
    const cookies = await start(ada, { templateId: FOLLOWERS, userCookies: [{ name: 'li_at', value: 'x' }] });
    expect(issuesOf(cookies)[0]).toEqual({
      path: 'userCookies',
      message: 'userCookies must be empty: cookies come from your platform connection',
    });
    const invalidJson = await api.post('/api/automation/start', undefined, {
      token: ada.accessToken,
      raw: '{"templateId":',
    });
    expect(invalidJson.body.message).toBe('Request body must be valid JSON');
    expect(await storedAutomations(ada.id)).toEqual([]);
    expect(await runMessagesOf(ada.id)).toEqual([]);
  });

  it('still starts after all those refusals: none of them counted', async () => {
    const automation = await started(ada, { templateId: FOLLOWERS, config: followersConfig });
    expect(automation.config).toEqual(followersConfig);
  });
});
