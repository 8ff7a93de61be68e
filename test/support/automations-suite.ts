import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect } from 'vitest';
import { catalogue } from '../../functions/catalog/catalogue';
import { seedCatalogue } from '../../functions/catalog/seed';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { keys } from '../../functions/core/table';
import type { LocalQueues } from '../../scripts/local-cloud/sqs';
import { type SandboxPlatforms, startSandboxPlatforms } from '../../scripts/sandbox-platforms';
import { type AccountsEnv, useAccountsEnv } from './accounts-env';
import type { Api, ApiResult, TestUser } from './api-client';
import { dispatchUnsentRuns } from './functions';
import { setEnv } from './integration-env';
import { scanTable } from './table-items';
import { warmUsers } from './users';

/**
 * What the automation test files (automations-*.integration.test.ts, dashboard-stats) share. They test
 * starting automations (spec part 1 sections 2.8, 5, 7; DECISIONS 2, 3, 20) against DynamoDB Local,
 * the real route table behind the local gateway, the sandbox platforms and a real SQS server (fauxqs):
 * what a user sees in the answers, what is stored, and what really arrives on the trob-runs queue.
 * `env`, `api` and `runQueueUrl` are live bindings, set by `startAutomationsSuite()`'s beforeAll.
 */
export let env: AccountsEnv;
export let api: Api;
let sandbox: SandboxPlatforms;
let sqsServer: LocalQueues;
let sqs: SQSClient;
export let runQueueUrl: string;

/**
 * Starts the env, the sandbox platforms and the trob-runs queue before the file's tests, seeds the
 * catalogue and warms `poolSize` users for `newUser` (about as many as the file's tests take); stops
 * everything after them.
 */
export function startAutomationsSuite({ poolSize }: { poolSize: number }): void {
  beforeAll(async () => {
    // The trob-runs queue on the same SQS server as the mail the account routes queue.
    env = await useAccountsEnv({ extraQueues: ['trob-runs'] });
    api = env.api;
    sandbox = await startSandboxPlatforms();
    sqsServer = env.queues;
    runQueueUrl = sqsServer.urls['trob-runs'];
    setEnv(sandbox.env);
    sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: sqsServer.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    await seedCatalogue();
    await warmUsers(poolSize, 'auto');
  });

  afterAll(async () => {
    await env?.close();
    await sandbox?.stop();
    sqs?.destroy();
  });
}

export const FOLLOWERS = 'linkedin-follower-extractor';
export const POST_SCRAPER = 'linkedin-post-leads-scraper';
export const TWITTER_FOLLOWERS = 'twitter-followers-extractor';
export const INSTAGRAM_FOLLOWERS = 'instagram-followers-extractor';

export const LIMIT_MESSAGE = (n: number) =>
  `You've reached your automation limit (${n}). Upgrade your plan to create more automations.`;
export const TRIAL_EXPIRED = 'Your free trial has expired. Please upgrade to continue using automations.';
export const CONNECT_LINKEDIN =
  'Connect your LinkedIn account on the Platforms page before starting this trob.';
export const RACE_MESSAGE = 'Another automation is starting at the same time. Please try again.';

/** A complete, valid configuration of the follower extractor (its fields in schema order). */
export const followersConfig = {
  targetSettings: { companyPageUrl: 'https://www.linkedin.com/company/acme-analytics' },
  filteringSettings: { maxProfiles: 300, headlineKeywords: ['founder', 'ceo'], excludeOpenToWork: true },
  exportSettings: { format: 'csv', skipDuplicates: false },
};
export const followersDefaults = catalogue.find((t) => t.id === FOLLOWERS)!.defaultConfig;

const HOUR_MS = 3600_000;
export const future = () => new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString();
export const past = () => new Date(Date.now() - HOUR_MS).toISOString();

export const start = (user: TestUser, body: unknown) =>
  api.post('/api/automation/start', body, { token: user.accessToken });
export const listOf = (user: TestUser) => api.get('/api/automation', { token: user.accessToken });
export const statsOf = (user: TestUser) => api.get('/api/jobs/dashboard/stats', { token: user.accessToken });

export async function started(user: TestUser, body: unknown) {
  const res = await start(user, body);
  expect(res.status, res.text).toBe(201);
  return res.body.data.automation;
}

export async function usageCount(templateId: string, user: TestUser): Promise<number> {
  const res = await api.get(`/api/templates/${templateId}?includeUsage=true`, { token: user.accessToken });
  expect(res.status, res.text).toBe(200);
  return res.body.data.template.usageCount;
}

/** The automation items stored under the user, read straight from the table. */
export async function storedAutomations(userId: string) {
  const { pk, skPrefix } = keys.automationsPrefix(userId);
  return (await scanTable()).filter((i) => i.pk === pk && String(i.sk).startsWith(skPrefix));
}

/** Writes an automation item as the start route stores it (an older writer, or a finished run). */
export async function storeAutomation(
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

export async function setStatus(userId: string, id: string, status: string) {
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
  jobId: string;
  automationId: string;
  workspaceId: string;
  segment: number;
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

/**
 * The run messages of one workspace that reached the queue. The routes only put runs on the unsent index; by
 * default one pass of the run dispatch goes first, as the stream (the local cloud's relay) would make it.
 * `{ dispatch: false }` reads the queue as it is.
 */
export async function runMessagesOf(
  workspaceId: string,
  { dispatch = true }: { dispatch?: boolean } = {},
): Promise<RunMessage[]> {
  if (dispatch) {
    await dispatchUnsentRuns();
  }
  await drainRunQueue();
  return received.filter((m) => m.workspaceId === workspaceId);
}

export const expectRefused = (res: ApiResult, status: number, message: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.body.message).toBe(message);
};
