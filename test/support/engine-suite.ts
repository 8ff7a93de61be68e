import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { seedCatalogue } from '../../functions/catalog/seed';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { keys } from '../../functions/core/table';
import type { StoredAutomation } from '../../functions/jobs/automation-item';
import { automationWithJob, currentJobOf, readLiveJob } from '../../functions/jobs/job-state';
import { closeSharedBrowser } from '../../functions/platforms/browser';
import { handler as runWorkerExport } from '../../functions/workers/run.worker';
import { lambdaContext } from '../../scripts/local-cloud/lambda-runtime';
import { toSqsEvent } from '../../scripts/local-cloud/worker-poller';
import {
  type SandboxPerson,
  type SandboxPlatforms,
  startSandboxPlatforms,
} from '../../scripts/sandbox-platforms';
import type { Lead } from '../../shared/leads';
import type { RunMessage, TrobRunMessage } from '../../shared/run-messages';
import { type AccountsEnv, useAccountsEnv } from './accounts-env';
import type { Api, TestUser } from './api-client';
import { asFunction, dispatchUnsentRuns } from './functions';
import { setEnv } from './integration-env';
import { newUser } from './users';

const runWorker = asFunction('functions/workers/run.worker.ts', runWorkerExport);

/**
 * The trob engine's integration tests: the accounts env with the trob-runs queue, the sandbox
 * platforms (real Chromium drives them), the catalogue, and no pacing. Run messages are taken from the
 * real queue and handed to the real worker handler, so each test decides when a message is delivered,
 * how often, and with how much time left.
 */
export let env: AccountsEnv;
export let api: Api;
export let sandbox: SandboxPlatforms;
let sqs: SQSClient;

export function startEngineSuite(
  options: { sandboxSize?: { followers?: number; connections?: number } } = {},
): void {
  beforeAll(async () => {
    env = await useAccountsEnv({ extraQueues: ['trob-runs', 'flow-runs'] });
    api = env.api;
    sandbox = await startSandboxPlatforms(options.sandboxSize ? { size: options.sandboxSize } : {});
    setEnv({ ...sandbox.env, PACING_SCALE: '0' });
    sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: env.queues.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    await seedCatalogue();
  });
  afterAll(async () => {
    await closeSharedBrowser();
    await env?.close();
    await sandbox?.stop();
    sqs?.destroy();
  });
}

export const as = (user: TestUser) => ({ token: user.accessToken });

export const FOLLOWERS = 'linkedin-follower-extractor';

/** A follower extractor's config: the owner's own followers, nothing filtered, every run its own dataset. */
export const followersConfig = (maxProfiles = 1000, extra: Record<string, unknown> = {}) => ({
  targetSettings: { companyPageUrl: '' },
  filteringSettings: { maxProfiles, headlineKeywords: [], excludeOpenToWork: false, ...extra },
  exportSettings: { format: 'csv', skipDuplicates: false },
});

/** The sandbox LinkedIn owner's followers as its world has them, in list order. */
export function worldFollowers(): { visible: SandboxPerson[]; hidden: SandboxPerson[] } {
  const world = sandbox.sites.linkedin.world;
  const byId = new Map(world.people.map((p) => [p.id, p]));
  const all = (world.followers[world.owner.id] ?? []).map((id) => byId.get(id)!);
  return { visible: all.filter((p) => !p.hidden), hidden: all.filter((p) => p.hidden) };
}

/** A user with the sandbox LinkedIn account connected (PRO unless said). */
export const connectedUser = (plan: 'FREE' | 'PRO' | 'PLUS' = 'PRO'): Promise<TestUser> =>
  newUser({ connect: ['linkedin'], plan });

export async function startTrob(user: TestUser, templateId: string, config: Record<string, unknown>) {
  const res = await api.post('/api/automation/start', { templateId, config }, as(user));
  if (res.status !== 201) throw new Error(`start answered ${res.status}: ${res.text}`);
  return res.body.data.automation as { id: string; jobId: string };
}

/**
 * One pass of the run dispatch over the unsent index, as the table's stream (the local cloud's relay) makes it:
 * the routes only store a run, this sends its message and puts a recurring automation's schedule.
 */
export async function dispatchRuns(): Promise<void> {
  await dispatchUnsentRuns();
}

/**
 * Takes a workspace's run messages off the queue (others' go back at once), after a pass of the run
 * dispatch. Delayed messages wait.
 */
export async function takeRunMessages(
  workspaceId: string,
  queue: 'trob-runs' | 'flow-runs' = 'trob-runs',
): Promise<TrobRunMessage[]> {
  await dispatchRuns();
  const url = env.queues.urls[queue];
  const mine: TrobRunMessage[] = [];
  for (;;) {
    const out = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    const messages = out.Messages ?? [];
    if (messages.length === 0) return mine;
    for (const m of messages) {
      const body = JSON.parse(m.Body!) as TrobRunMessage;
      if (body.workspaceId !== workspaceId) continue;
      mine.push(body);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle! }));
    }
  }
}

let deliveries = 0;
/** Hands one message to the worker as Lambda would; answers the ids SQS would retry. */
export async function deliver(
  message: RunMessage,
  options: { receiveCount?: number; remainingMs?: number } = {},
): Promise<string[]> {
  deliveries++;
  const event = toSqsEvent(
    [
      {
        MessageId: `m-${deliveries}`,
        ReceiptHandle: `r-${deliveries}`,
        Body: JSON.stringify(message),
        Attributes: { ApproximateReceiveCount: String(options.receiveCount ?? 1) },
      },
    ],
    `arn:aws:sqs:us-east-1:000000000000:test-${message.kind.startsWith('flow') ? 'flow-runs' : 'trob-runs'}`,
  );
  const result = await runWorker(event, lambdaContext('workers/run', options.remainingMs ?? 300_000));
  return result.batchItemFailures.map((f) => f.itemIdentifier);
}

/** Delivers a workspace's messages (continuations included) until none is left. */
export async function runQueued(workspaceId: string): Promise<number> {
  let delivered = 0;
  for (let round = 0; round < 50; round++) {
    const messages = await takeRunMessages(workspaceId);
    if (messages.length === 0) return delivered;
    for (const message of messages) {
      await deliver(message);
      delivered++;
    }
  }
  throw new Error('runQueued: still messages after 50 rounds');
}

/**
 * An automation's item with what it shows of its current job (its progress, stage, report: the job's own
 * item holds them, functions/jobs/job-state/live-job-repository.ts), as the API reads it.
 */
export async function automationItem(userId: string, id: string): Promise<Record<string, unknown>> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.automation(userId, id), ConsistentRead: true }),
  );
  if (!out.Item) return {};
  const automation = out.Item as StoredAutomation;
  return automationWithJob(
    automation,
    await readLiveJob(userId, currentJobOf(automation)),
  ) as unknown as Record<string, unknown>;
}

/** The item of an automation's current job: its lease, segment, cursor, counters, progress and stages. */
export async function currentJobItem(userId: string, id: string): Promise<Record<string, unknown>> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.automation(userId, id), ConsistentRead: true }),
  );
  if (!out.Item) return {};
  return (await readLiveJob(userId, currentJobOf(out.Item as StoredAutomation))) as Record<string, unknown>;
}

/**
 * Every stored lead of an automation, straight from its partition (not its count shards), with its
 * profileId as the lead repository reads it: a lead keyed by its profile id does not store it again.
 */
export async function storedLeads(userId: string, automationId: string): Promise<Lead[]> {
  const leads: Lead[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :lead)',
        ExpressionAttributeValues: {
          ':pk': keys.automationLeadsPartition(userId, automationId),
          ':lead': keys.leadSortPrefix,
        },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    leads.push(
      ...(out.Items ?? []).map(
        (item) => ({ ...item, profileId: item.profileId ?? item.id }) as unknown as Lead,
      ),
    );
    start = out.LastEvaluatedKey;
  } while (start);
  return leads;
}

export async function setAutomationFields(userId: string, id: string, fields: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.automation(userId, id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/**
 * Delivers the user's queued flow runs to the worker. `daysLater` runs them with the worker's clock
 * that many days ahead (a faked Date: move the sandbox's clock with it); `twice` delivers each message
 * again, as SQS may.
 */
export async function deliverFlowRuns(
  user: { id: string },
  { daysLater = 0, twice = false }: { daysLater?: number; twice?: boolean } = {},
): Promise<void> {
  const messages = await takeRunMessages(user.id, 'flow-runs');
  expect(messages.length).toBeGreaterThan(0);
  if (daysLater)
    vi.useFakeTimers({
      toFake: ['Date'],
      now: Date.now() + daysLater * 24 * 3600 * 1000,
      shouldAdvanceTime: true,
    });
  try {
    for (const message of messages) {
      expect(await deliver(message)).toEqual([]);
      if (twice) expect(await deliver(message)).toEqual([]);
    }
  } finally {
    vi.useRealTimers();
  }
}
