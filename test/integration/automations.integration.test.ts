import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/auth/user-repository';
import { dispatchUnsent, UNSENT_GRACE_MS } from '../../functions/automations/automation-service';
import { handler as dispatchUnsentTask } from '../../functions/automations/dispatch-unsent.task';
import { deleteTemplate, findTemplate, upsertTemplate } from '../../functions/catalog/catalog-repository';
import { catalogue } from '../../functions/catalog/catalogue';
import { seedCatalogue } from '../../functions/catalog/seed';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { logger } from '../../functions/core/logger';
import { queuePort } from '../../functions/core/ports/queue';
import { queueUrlEnv } from '../../functions/core/queues';
import { keys } from '../../functions/core/table';
import type { LocalQueues } from '../../scripts/local-cloud/sqs';
import { type SandboxPlatforms, startSandboxPlatforms } from '../../scripts/sandbox-platforms';
import type { PlatformSlug } from '../../shared/connections';
import type { Plan } from '../../shared/plan-policy';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import {
  type Api,
  type ApiResult,
  createUser,
  freshAddress,
  type TestUser,
  uniqueName,
} from '../support/api-client';
import { setEnv } from '../support/integration-env';
import { getItem, itemsMentioning, scanTable } from '../support/table-items';

/**
 * Starting automations (spec part 1 sections 2.8, 5, 7; DECISIONS 2, 3, 20) against DynamoDB Local,
 * the real route table behind the local gateway, the sandbox platforms and a real SQS server (fauxqs):
 * what a user sees in the answers, what is stored, and what really arrives on the trob-runs queue.
 */
let env: AccountsEnv;
let api: Api;
let sandbox: SandboxPlatforms;
let sqsServer: LocalQueues;
let sqs: SQSClient;
let runQueueUrl: string;
/** Verified users made in parallel up front: two password hashes each is most of a test's time. */
let userPool: TestUser[] = [];
const POOL_SIZE = 24;

beforeAll(async () => {
  // The trob-runs queue on the same SQS server as the mail the account routes queue.
  env = await useAccountsEnv({ extraQueues: ['trob-runs'] });
  api = env.api;
  sandbox = await startSandboxPlatforms();
  sqsServer = env.queues;
  runQueueUrl = sqsServer.urls['trob-runs'];
  setEnv(sandbox.env);
  sqs = new SQSClient({ region: 'us-east-1', endpoint: sqsServer.endpoint, credentials: LOCAL_CREDENTIALS });
  await seedCatalogue();
  userPool = await Promise.all(
    // Each from its own address: more than 20 sign-ins in flight from one address are refused.
    Array.from({ length: POOL_SIZE }, () =>
      createUser(api.from(freshAddress()), env.stateDir, { username: uniqueName('auto') }),
    ),
  );
});

afterAll(async () => {
  await env?.close();
  await sandbox?.stop();
  sqs?.destroy();
});

const FOLLOWERS = 'linkedin-follower-extractor';
const POST_SCRAPER = 'linkedin-post-leads-scraper';
const TWITTER_FOLLOWERS = 'twitter-followers-extractor';
const INSTAGRAM_FOLLOWERS = 'instagram-followers-extractor';

const LIMIT_MESSAGE = (n: number) =>
  `You've reached your automation limit (${n}). Upgrade your plan to create more automations.`;
const TRIAL_EXPIRED = 'Your free trial has expired. Please upgrade to continue using automations.';
const CONNECT_LINKEDIN = 'Connect your LinkedIn account on the Platforms page before starting this trob.';
const RACE_MESSAGE = 'Another automation is starting at the same time. Please try again.';

/** A complete, valid configuration of the follower extractor (its fields in schema order). */
const followersConfig = {
  targetSettings: { companyPageUrl: 'https://www.linkedin.com/company/acme-analytics' },
  filteringSettings: { maxProfiles: 300, headlineKeywords: ['founder', 'ceo'], excludeOpenToWork: true },
  exportSettings: { format: 'csv', skipDuplicates: false },
};
const followersDefaults = catalogue.find((t) => t.id === FOLLOWERS)!.defaultConfig;

const HOUR_MS = 3600_000;
const future = () => new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString();
const past = () => new Date(Date.now() - HOUR_MS).toISOString();

interface UserOptions {
  plan?: Plan;
  trialEndsAt?: string | null;
  connect?: PlatformSlug[];
  verified?: boolean;
}

/** A signed-in user on a plan, with the sandbox accounts of the given platforms connected. */
async function newUser({ plan, trialEndsAt, connect = [], verified }: UserOptions = {}): Promise<TestUser> {
  const pooled = verified === false ? undefined : userPool.pop();
  const user =
    pooled ??
    (await createUser(api, env.stateDir, {
      username: uniqueName('auto'),
      ...(verified === undefined ? {} : { verified }),
    }));
  if (plan) {
    await updateUser(user.id, {
      plan,
      trialEndsAt: trialEndsAt === undefined ? (plan === 'TRIAL' ? future() : null) : trialEndsAt,
    });
  }
  for (const platform of connect) {
    const res = await api.post('/api/users/platforms/sandbox', { platform }, { token: user.accessToken });
    expect(res.status, res.text).toBe(201);
  }
  return user;
}

const start = (user: TestUser, body: unknown) =>
  api.post('/api/automation/start', body, { token: user.accessToken });
const listOf = (user: TestUser) => api.get('/api/automation', { token: user.accessToken });
const statsOf = (user: TestUser) => api.get('/api/jobs/dashboard/stats', { token: user.accessToken });

async function started(user: TestUser, body: unknown) {
  const res = await start(user, body);
  expect(res.status, res.text).toBe(201);
  return res.body.data.automation;
}

async function usageCount(templateId: string, user: TestUser): Promise<number> {
  const res = await api.get(`/api/templates/${templateId}?includeUsage=true`, { token: user.accessToken });
  expect(res.status, res.text).toBe(200);
  return res.body.data.template.usageCount;
}

/** The automation items stored under the user, read straight from the table. */
async function storedAutomations(userId: string) {
  const { pk, skPrefix } = keys.automationsPrefix(userId);
  return (await scanTable()).filter((i) => i.pk === pk && String(i.sk).startsWith(skPrefix));
}

/** Writes an automation item as the start route stores it (an older writer, or a finished run). */
async function storeAutomation(
  userId: string,
  fields: {
    id: string;
    templateId: string;
    status: string;
    config: Record<string, unknown>;
    createdAt: string;
  },
) {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.automation(userId, fields.id),
        type: 'automation',
        jobId: fields.id,
        userId,
        displayName: 'Stored by the test',
        platform: 'linkedin',
        updatedAt: fields.createdAt,
        queuedAt: fields.createdAt,
        ...fields,
      },
    }),
  );
}

async function setStatus(userId: string, id: string, status: string) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.automation(userId, id),
      UpdateExpression: 'SET #status = :status',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    }),
  );
}

interface RunMessage {
  kind: string;
  runId: string;
  userId: string;
}
/** Every run message received from the queue so far (received once, then deleted). */
const received: RunMessage[] = [];

/** Receives (and deletes) everything waiting on the trob-runs queue. fauxqs delivers at once. */
async function drainRunQueue(): Promise<void> {
  for (;;) {
    const out = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: runQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    const messages = out.Messages ?? [];
    if (messages.length === 0) return;
    for (const m of messages) {
      received.push(JSON.parse(m.Body!) as RunMessage);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: runQueueUrl, ReceiptHandle: m.ReceiptHandle! }));
    }
  }
}

/** The run messages of one user that reached the queue. */
async function runMessagesOf(userId: string): Promise<RunMessage[]> {
  await drainRunQueue();
  return received.filter((m) => m.userId === userId);
}

const expectRefused = (res: ApiResult, status: number, message: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.body.message).toBe(message);
};

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
    });
    expect(Date.now() - Date.parse(automation.createdAt)).toBeLessThan(60_000);

    expect(await runMessagesOf(ada.id)).toEqual([{ kind: 'trob-run', runId: automation.id, userId: ada.id }]);

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
    expect(await runMessagesOf(ada.id)).toEqual([{ kind: 'trob-run', runId: automation.id, userId: ada.id }]);
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
    expect((await runMessagesOf(ada.id)).map((m) => m.runId)).toEqual([first.id]);
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
    expect((await runMessagesOf(ada.id)).map((m) => m.runId).sort()).toEqual([...ids].sort());
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
    expect(await runMessagesOf(ada.id)).toEqual([{ kind: 'trob-run', runId: winner.id, userId: ada.id }]);
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
    expect((await runMessagesOf(ada.id)).map((m) => m.runId).sort()).toEqual(stored.map((i) => i.id).sort());
  });
});

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
    expectRefused(
      await start(ada, { templateId: INSTAGRAM_FOLLOWERS }),
      409,
      'Connect your Instagram account on the Platforms page before starting this trob.',
    );
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
        config: { exportSettings: { format: 'pdf' } },
        path: 'config.exportSettings.format',
        message: 'Export format must be one of: csv, json, excel',
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
    expect((await runMessagesOf(trial.id)).map((m) => m.runId)).toEqual([automation.id]);
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

describe('a run message the queue did not take', () => {
  it('keeps the started automation and lets the sweep send it once, after the grace period', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    const log = logger.child({ test: 'dispatch-unsent' });
    const queue = queuePort();
    const later = () => new Date(Date.now() + UNSENT_GRACE_MS + 1000);

    setEnv({ [queueUrlEnv('trob-runs')]: `${runQueueUrl}-missing` });
    let automation: { id: string };
    try {
      automation = await started(ada, { templateId: FOLLOWERS });
      // The queue is still unreachable: the sweep fails and the automation keeps waiting.
      expect(await dispatchUnsent({ log, queue, now: later })).toEqual({ sent: 0, failed: 1 });
    } finally {
      setEnv({ [queueUrlEnv('trob-runs')]: runQueueUrl });
    }
    expect(automation).toMatchObject({ status: 'pending', templateId: FOLLOWERS });
    expect((await listOf(ada)).body.data.automations).toEqual([automation]);
    expect(await runMessagesOf(ada.id)).toEqual([]);
    const waiting = await getItem(keys.automation(ada.id, automation.id));
    expect(waiting).toMatchObject({ gsi1pk: 'AUTOMATION-UNSENT' });
    expect(waiting).not.toHaveProperty('queuedAt');

    // Within the grace period the start's own send may still be under way: the sweep leaves it.
    expect(await dispatchUnsent({ log, queue })).toEqual({ sent: 0, failed: 0 });
    expect(await runMessagesOf(ada.id)).toEqual([]);

    expect(await dispatchUnsent({ log, queue, now: later })).toEqual({ sent: 1, failed: 0 });
    expect(await runMessagesOf(ada.id)).toEqual([{ kind: 'trob-run', runId: automation.id, userId: ada.id }]);
    const sent = await getItem(keys.automation(ada.id, automation.id));
    expect(sent).not.toHaveProperty('gsi1pk');
    expect(sent).toMatchObject({ queuedAt: expect.any(String), status: 'pending' });

    expect(await dispatchUnsent({ log, queue, now: later })).toEqual({ sent: 0, failed: 0 });
    // The scheduled task is the same sweep on the real clock: nothing is left for it either.
    expect(await dispatchUnsentTask()).toEqual({ sent: 0, failed: 0 });
    expect(await runMessagesOf(ada.id)).toHaveLength(1);
  });

  it('forgets the automations of a deleted account, waiting ones included', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    setEnv({ [queueUrlEnv('trob-runs')]: `${runQueueUrl}-missing` });
    try {
      await started(ada, { templateId: FOLLOWERS });
    } finally {
      setEnv({ [queueUrlEnv('trob-runs')]: runQueueUrl });
    }
    const res = await api.delete(
      '/api/users/account',
      { password: ada.password },
      { token: ada.accessToken },
    );
    expect(res.status, res.text).toBe(200);
    expect(await itemsMentioning(ada.id)).toEqual([]);
    expect(
      await dispatchUnsent({
        log: logger,
        queue: queuePort(),
        now: () => new Date(Date.now() + UNSENT_GRACE_MS + 1000),
      }),
    ).toEqual({ sent: 0, failed: 0 });
    expect(await runMessagesOf(ada.id)).toEqual([]);
  });
});

describe('GET /api/jobs/dashboard/stats', () => {
  it('answers zeros and the catalogue size for a new user', async () => {
    const ada = await newUser();
    const res = await statsOf(ada);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        totalAutomations: 0,
        completedAutomations: 0,
        activeAutomations: 0,
        totalTemplates: catalogue.length,
        connectedAccounts: 0,
      },
    });
  });

  it('counts connected LinkedIn and Twitter accounts once each, and not Instagram', async () => {
    const ada = await newUser({ connect: ['linkedin'] });
    expect((await statsOf(ada)).body.data.connectedAccounts).toBe(1);
    const bob = await newUser({ plan: 'TRIAL', connect: ['instagram'] });
    expect((await statsOf(bob)).body.data.connectedAccounts).toBe(0);
    await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, { token: bob.accessToken });
    await api.post('/api/users/platforms/sandbox', { platform: 'twitter' }, { token: bob.accessToken });
    // Connecting the same account again changes nothing.
    await api.post('/api/users/platforms/sandbox', { platform: 'linkedin' }, { token: bob.accessToken });
    expect((await statsOf(bob)).body.data.connectedAccounts).toBe(2);
  });

  it('counts the same trob with the same settings once, keeping the newest run’s status', async () => {
    const ada = await newUser({ plan: 'TRIAL', connect: ['linkedin'] });
    // The same settings in another key order are the same automation.
    const a = await started(ada, { templateId: FOLLOWERS, config: followersConfig });
    const reordered = {
      exportSettings: { skipDuplicates: false, format: 'csv' },
      filteringSettings: { excludeOpenToWork: true, headlineKeywords: ['founder', 'ceo'], maxProfiles: 300 },
      targetSettings: { companyPageUrl: 'https://www.linkedin.com/company/acme-analytics' },
    };
    const b = await started(ada, { templateId: FOLLOWERS, config: reordered });
    const other = await started(ada, { templateId: FOLLOWERS });
    expect((await listOf(ada)).body.data.automations).toHaveLength(3);
    expect((await statsOf(ada)).body.data).toMatchObject({
      totalAutomations: 2,
      activeAutomations: 2,
      completedAutomations: 0,
      connectedAccounts: 1,
    });

    // The older duplicate completed: the newest of the pair is still pending, so nothing is completed.
    await setStatus(ada.id, a.id, 'completed');
    expect((await statsOf(ada)).body.data).toMatchObject({ totalAutomations: 2, completedAutomations: 0 });
    // The newest of the pair completed: now it counts.
    await setStatus(ada.id, b.id, 'completed');
    await setStatus(ada.id, other.id, 'failed');
    expect((await statsOf(ada)).body.data).toMatchObject({
      totalAutomations: 2,
      completedAutomations: 1,
      activeAutomations: 0,
    });
  });

  it('matches stored settings whatever their key order, and tells templates apart', async () => {
    const ada = await newUser();
    const t = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    await storeAutomation(ada.id, {
      id: 'old',
      templateId: FOLLOWERS,
      status: 'running',
      config: { a: 1, b: { c: [1, 2], d: 'x' } },
      createdAt: t(30),
    });
    await storeAutomation(ada.id, {
      id: 'new',
      templateId: FOLLOWERS,
      status: 'completed',
      config: { b: { d: 'x', c: [1, 2] }, a: 1 },
      createdAt: t(20),
    });
    // Same settings, other trob; and the same trob with the list in another order (a different setting).
    await storeAutomation(ada.id, {
      id: 'other-trob',
      templateId: POST_SCRAPER,
      status: 'completed',
      config: { a: 1, b: { c: [1, 2], d: 'x' } },
      createdAt: t(10),
    });
    await storeAutomation(ada.id, {
      id: 'other-order',
      templateId: FOLLOWERS,
      status: 'active',
      config: { a: 1, b: { c: [2, 1], d: 'x' } },
      createdAt: t(5),
    });
    expect((await statsOf(ada)).body.data).toMatchObject({
      totalAutomations: 3,
      completedAutomations: 2,
      activeAutomations: 1,
    });
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
    expect(await runMessagesOf(bob.id)).toEqual([{ kind: 'trob-run', runId: bobs.id, userId: bob.id }]);
  });
});

describe('the template usage count', () => {
  it('is the number of accepted starts of the trob', async () => {
    const template = await findTemplate(INSTAGRAM_FOLLOWERS);
    const ada = await newUser({ connect: ['instagram'] });
    const body = {
      templateId: INSTAGRAM_FOLLOWERS,
      config: { targetSettings: { username: '@ines.sandbox' } },
    };
    await started(ada, body);
    expectRefused(await start(ada, body), 403, LIMIT_MESSAGE(1));
    expect((await findTemplate(INSTAGRAM_FOLLOWERS))?.usageCount).toBe((template?.usageCount ?? 0) + 1);
  });
});
