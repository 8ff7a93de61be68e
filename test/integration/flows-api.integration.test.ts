import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../functions/catalog/seed';
import { schedulerPort } from '../../functions/core/adapters/scheduler-adapter';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { keys } from '../../functions/core/table';
import { findIndustry } from '../../functions/flows/industry-repository';
import { flowScheduleName, nextFlowRunAt } from '../../functions/flows/run/flow-schedule';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { type SandboxPlatforms, startSandboxPlatforms } from '../../scripts/sandbox-platforms';
import { FLOW_API_TEXTS } from '../../shared/flow-api';
import { FLOW_MESSAGES, flowConfig } from '../../shared/flows';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import type { Api, TestUser } from '../support/api-client';
import { dispatchUnsentRuns } from '../support/functions';
import { setEnv } from '../support/integration-env';
import { newUser, warmUsers } from '../support/users';

/**
 * The flows API of issue 20 (part 2 sections 2.3, 4, 7; DECISIONS 3, 4, 15, 27) on DynamoDB Local, the
 * local scheduler and the SQS server: PLUS gating, the config checks, the plan's flow limit, pause,
 * resume, stop and execute through the lifecycle, and the run dispatch sending a flow's first run on
 * the flow-runs queue with its next run's schedule. Every call is also made by another user.
 */
let env: AccountsEnv;
let api: Api;
let sandbox: SandboxPlatforms;
let sqs: SQSClient;

beforeAll(async () => {
  env = await useAccountsEnv({ extraQueues: ['trob-runs', 'flow-runs'] });
  api = env.api;
  sandbox = await startSandboxPlatforms();
  setEnv(sandbox.env);
  sqs = new SQSClient({ region: 'us-east-1', endpoint: env.queues.endpoint, credentials: LOCAL_CREDENTIALS });
  await seedCatalogue();
  await warmUsers(6, 'flow');
});

afterAll(async () => {
  await env?.close();
  await sandbox?.stop();
  sqs?.destroy();
});

const as = (user: TestUser) => ({ token: user.accessToken });
const template = flowTemplates[0]!;
const config = () => structuredClone(template.defaultConfig);
const plusUser = () => newUser({ plan: 'PLUS', connect: ['linkedin'] });

async function startFlow(user: TestUser, body: Record<string, unknown> = {}) {
  return api.post('/api/flows', { templateId: template.id, config: config(), ...body }, as(user));
}

async function started(user: TestUser) {
  const res = await startFlow(user);
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow as {
    id: string;
    status: string;
    nextScheduledRun?: string;
    name: string;
    createdAt: string;
  };
}

async function setStatus(userId: string, id: string, status: string, extra: Record<string, unknown> = {}) {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':status': status };
  const sets = ['#status = :status'];
  for (const [i, [field, value]] of Object.entries(extra).entries()) {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  }
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.automation(userId, id),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE gsi1pk, gsi1sk`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

async function flowRunMessages(): Promise<Array<Record<string, unknown>>> {
  const url = env.queues.urls['flow-runs'];
  const out: Array<Record<string, unknown>> = [];
  for (;;) {
    const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));
    if (!got.Messages?.length) return out;
    for (const m of got.Messages) {
      out.push(JSON.parse(m.Body!));
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle! }));
    }
  }
}

describe('POST /api/flows', () => {
  it('starts a PLUS user’s flow: ACTIVE, its next run in its working hours, listed under flows only', async () => {
    const ada = await plusUser();
    const before = Date.now();
    const flow = await started(ada);
    expect(flow.status).toBe('ACTIVE');
    // Issue 36 point 7: named after its template and first industry (flow-names.integration.test.ts).
    expect(flow.name).toBe(
      `${template.displayName} – ${findIndustry(config().targetingSettings.industries[0]!)!.label}`,
    );
    // The next scheduled run is the first slot of its working hours after the start.
    expect(new Date(flow.createdAt).getTime()).toBeGreaterThanOrEqual(before);
    expect(flow.nextScheduledRun).toBe(
      nextFlowRunAt(
        new Date(flow.createdAt),
        flowConfig.parse(config()).executionSettings,
        flow.id,
      ).toISOString(),
    );
    const listed = await api.get('/api/flows', as(ada));
    expect(listed.body.data.flows.map((f: { id: string }) => f.id)).toEqual([flow.id]);
    const one = await api.get(`/api/flows/${flow.id}`, as(ada));
    expect(one.body.data.flow).toMatchObject({
      id: flow.id,
      status: 'ACTIVE',
      templateId: template.id,
      template: { displayName: template.displayName, platform: 'linkedin' },
      state: { executionStats: { totalRuns: 0, successRate: '0%' } },
      analytics: { connectionRate: 0 },
    });
    // A flow is no automation: the automations list and its routes never show it.
    expect((await api.get('/api/automation', as(ada))).body.data.automations).toEqual([]);
    expect((await api.post(`/api/automation/${flow.id}/pause`, {}, as(ada))).status).toBe(404);
    // Another user finds nothing.
    const bob = await plusUser();
    expect((await api.get(`/api/flows/${flow.id}`, as(bob))).status).toBe(404);
    expect((await api.get('/api/flows', as(bob))).body.data.flows).toEqual([]);
  });

  it('sends the first run on the flow-runs queue at once and schedules the next in the flow’s time zone', async () => {
    const ada = await plusUser();
    const flow = await started(ada);
    await dispatchUnsentRuns();
    const messages = (await flowRunMessages()).filter((m) => m.workspaceId === ada.id);
    expect(messages).toEqual([
      { kind: 'flow-run', jobId: flow.id, automationId: flow.id, workspaceId: ada.id, segment: 0 },
    ]);
    const schedule = await schedulerPort().get(flowScheduleName(flow.id));
    expect(schedule).toMatchObject({
      timezone: config().executionSettings!.workingHours!.timezone,
      target: { queue: 'flow-runs' },
      payload: { kind: 'flow-tick', automationId: flow.id, workspaceId: ada.id },
    });
    expect(schedule!.expression).toMatch(/^at\(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\)$/);
  });

  it('refuses every plan but PLUS, an unconnected LinkedIn, an unknown template and a bad config', async () => {
    for (const plan of ['FREE', 'TRIAL', 'BASE', 'PRO'] as const) {
      const user = await newUser({ plan, connect: ['linkedin'] });
      const res = await startFlow(user);
      expect(res.status, plan).toBe(403);
      expect(res.body.message).toBe(FLOW_API_TEXTS.plusOnly);
    }
    const unconnected = await newUser({ plan: 'PLUS' });
    const res = await startFlow(unconnected);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Connect your LinkedIn account on the Platforms page before starting this trob.',
    );
    const ada = await plusUser();
    const unknown = await api.post('/api/flows', { templateId: 'no-such-flow', config: config() }, as(ada));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(FLOW_API_TEXTS.templateNotFound);
    const blank = config();
    blank.targetingSettings!.keywords = '   ';
    const noKeyword = await startFlow(ada, { config: blank });
    expect(noKeyword.status).toBe(400);
    expect(noKeyword.body.message).toBe(FLOW_MESSAGES.keywordRequired);
    const odd = config();
    odd.targetingSettings!.industries = ['999999'];
    const unknownIndustry = await startFlow(ada, { config: odd });
    expect(unknownIndustry.status).toBe(400);
    expect(unknownIndustry.body.message).toBe(FLOW_MESSAGES.unknownIndustry);
    expect((await api.get('/api/flows', as(ada))).body.data.flows).toEqual([]);
  });

  it('runs at most the plan’s 3 flows at once: the 4th is refused, and one stopped makes room', async () => {
    const ada = await plusUser();
    const flows = [await started(ada), await started(ada), await started(ada)];
    const fourth = await startFlow(ada);
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe(FLOW_API_TEXTS.limit(3));
    expect((await api.delete(`/api/flows/${flows[0]!.id}`, undefined, as(ada))).status).toBe(200);
    expect((await startFlow(ada)).status).toBe(201);
  });
});

describe('pause, resume, stop and execute', () => {
  it('moves a flow through the lifecycle, its schedule with it, and refuses what the lifecycle does not allow', async () => {
    const ada = await plusUser();
    const flow = await started(ada);
    const bob = await plusUser();
    for (const action of ['pause', 'resume', 'execute'])
      expect((await api.post(`/api/flows/${flow.id}/${action}`, {}, as(bob))).status).toBe(404);
    expect((await api.delete(`/api/flows/${flow.id}`, undefined, as(bob))).status).toBe(404);

    // Between runs (its first run ended): pause removes the schedule, resume puts it back.
    await setStatus(ada.id, flow.id, 'active', { completedAt: new Date().toISOString() });
    await schedulerPort().put({
      name: flowScheduleName(flow.id),
      expression: 'rate(1 hour)',
      timezone: 'UTC',
      target: { queue: 'flow-runs' },
      payload: {},
    });
    const paused = await api.post(`/api/flows/${flow.id}/pause`, {}, as(ada));
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({
      message: FLOW_API_TEXTS.paused,
      data: { flow: { status: 'PAUSED' } },
    });
    expect(paused.body.data.flow.nextScheduledRun).toBeUndefined();
    expect(await schedulerPort().get(flowScheduleName(flow.id))).toBeUndefined();
    const again = await api.post(`/api/flows/${flow.id}/pause`, {}, as(ada));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A paused flow cannot be paused.');
    const executePaused = await api.post(`/api/flows/${flow.id}/execute`, {}, as(ada));
    expect(executePaused.status).toBe(409);
    expect(executePaused.body.message).toBe('A paused flow cannot be executed.');

    const resumed = await api.post(`/api/flows/${flow.id}/resume`, {}, as(ada));
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.data.flow.status).toBe('ACTIVE');
    expect(resumed.body.data.flow.nextScheduledRun).toBeDefined();
    expect((await schedulerPort().get(flowScheduleName(flow.id)))?.expression).toMatch(/^at\(/);
    expect((await api.post(`/api/flows/${flow.id}/resume`, {}, as(ada))).body.message).toBe(
      'An active flow cannot be resumed.',
    );

    // Execute now: a run starts at once; a second one while it goes on is refused.
    const executed = await api.post(`/api/flows/${flow.id}/execute`, {}, as(ada));
    expect(executed.status, executed.text).toBe(200);
    expect(executed.body).toMatchObject({ message: FLOW_API_TEXTS.executionStarted });
    // The flow's first run was its start's (job id = flow id): this is its second.
    expect(executed.body.data.flow.currentRun.jobId).toBe(`${flow.id}.2`);
    const twice = await api.post(`/api/flows/${flow.id}/execute`, {}, as(ada));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(FLOW_API_TEXTS.runInProgress);

    // Stop ends it for good: COMPLETED, no schedule, listed still; nothing moves it after.
    const stopped = await api.delete(`/api/flows/${flow.id}`, undefined, as(ada));
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body).toMatchObject({
      message: FLOW_API_TEXTS.stopped,
      data: { flow: { status: 'COMPLETED' } },
    });
    expect(await schedulerPort().get(flowScheduleName(flow.id))).toBeUndefined();
    expect((await api.get('/api/flows?status=COMPLETED', as(ada))).body.data.flows).toHaveLength(1);
    expect((await api.get('/api/flows?status=ACTIVE', as(ada))).body.data.flows).toHaveLength(0);
    for (const action of ['pause', 'resume', 'execute'])
      expect((await api.post(`/api/flows/${flow.id}/${action}`, {}, as(ada))).status, action).toBe(409);
    expect((await api.delete(`/api/flows/${flow.id}`, undefined, as(ada))).status).toBe(409);
  });

  it('counts a trial’s executions on the server: the 3rd goes through, the 4th gets the spec’s message', async () => {
    const ada = await plusUser();
    const flow = await started(ada);
    await newUserPlan(ada, 'TRIAL');
    for (let i = 0; i < 3; i++) {
      await setStatus(ada.id, flow.id, 'active', { completedAt: new Date().toISOString() });
      const res = await api.post(`/api/flows/${flow.id}/execute`, {}, as(ada));
      expect(res.status, res.text).toBe(200);
    }
    await setStatus(ada.id, flow.id, 'active', { completedAt: new Date().toISOString() });
    const fourth = await api.post(`/api/flows/${flow.id}/execute`, {}, as(ada));
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe(
      'You have reached your trial limit of 3 executions. Please upgrade to continue.',
    );
  });

  it('answers 400 to a bad status filter and 404 to an unknown flow', async () => {
    const ada = await plusUser();
    const bad = await api.get('/api/flows?status=active', as(ada));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be ACTIVE, PAUSED, COMPLETED or FAILED');
    const missing = await api.get('/api/flows/no-such-flow', as(ada));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(FLOW_API_TEXTS.notFound);
  });
});

async function newUserPlan(user: TestUser, plan: string) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(user.id),
      UpdateExpression: 'SET #plan = :plan, trialEndsAt = :ends',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: {
        ':plan': plan,
        ':ends': new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      },
    }),
  );
}
