import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import type { StateFile } from '../../scripts/sandbox-platforms/linkedin-state-file';
import type { RunningCloud } from './crash-cloud';

/**
 * What a crash case checks, read from outside the product as an operator would: the whole table of the
 * case's DynamoDB Local (each case has its own, so a scan is the simplest honest read) and what the
 * sandbox LinkedIn has stored (its state file). Nothing goes through the app's code.
 */
export type Item = Record<string, unknown>;

export interface CloudState {
  items: Item[];
  platform: Pick<StateFile, 'likes' | 'comments' | 'invitations' | 'messages'>;
  /** The app's clock when read: real time plus the running cloud's downtime shift. */
  appNow: number;
}

const clients = new Map<string, DynamoDBDocumentClient>();
function tableClient(endpoint: string): DynamoDBDocumentClient {
  let client = clients.get(endpoint);
  if (!client) {
    client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'us-east-1', endpoint, credentials: LOCAL_CREDENTIALS, maxAttempts: 2 }),
    );
    clients.set(endpoint, client);
  }
  return client;
}

export async function scanTable(cloud: RunningCloud): Promise<Item[]> {
  const client = tableClient(cloud.env.DYNAMODB_ENDPOINT!);
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: cloud.env.TABLE_NAME, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export function platformState(stateDir: string): CloudState['platform'] {
  const file = join(stateDir, 'sandbox-platforms', 'state-linkedin.json');
  const empty = { likes: [], comments: [], invitations: [], messages: [] };
  if (!existsSync(file)) return empty;
  return { ...empty, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<StateFile>) };
}

export async function readCloudState(cloud: RunningCloud, stateDir: string): Promise<CloudState> {
  const items = await scanTable(cloud);
  return { items, platform: platformState(stateDir), appNow: Date.now() + cloud.shiftMs };
}

export const sk = (item: Item): string => String(item.sk ?? '');
export const pk = (item: Item): string => String(item.pk ?? '');

/** The contact ledger's writes (sk WRITE#<kind>:...). */
export const ledgerWrites = (items: Item[]): Item[] => items.filter((i) => sk(i).startsWith('WRITE#'));
/** Automations (trobs and flows). */
export const automations = (items: Item[]): Item[] => items.filter((i) => sk(i).startsWith('AUTOMATION#'));
/** Job items (pk USER#<id>#JOBS). */
export const jobs = (items: Item[]): Item[] => items.filter((i) => i.type === 'job');
/** An automation's current job's item: its lease, segment, cursor, progress and report. */
export const currentJob = (items: Item[], automation: Item | undefined): Item | undefined =>
  automation ? jobs(items).find((j) => j.id === automation.jobId) : undefined;
/** The stored leads of one automation. */
export const leadsOf = (items: Item[], automationId: string): Item[] =>
  items.filter((i) => pk(i).endsWith(`#LEADS#${automationId}`) && sk(i).startsWith('LEAD#'));
/** A flow's activities. */
export const activitiesOf = (items: Item[], flowId: string): Item[] =>
  items.filter((i) => pk(i).endsWith(`#PROSPECTS#${flowId}`) && sk(i).startsWith('ACTIVITY#'));

/** A short view of a ledger write for failure messages. */
export const showWrite = (w: Item) => ({
  key: w.key,
  status: w.status,
  flowId: w.flowId,
  jobId: w.jobId,
  approved: w.approved,
  leaseUntil: w.leaseUntil,
  failure: w.failure,
  updatedAt: w.updatedAt,
});

/** A short view of an automation or a job for failure messages. */
export const showJob = (a: Item) => ({
  id: a.id,
  kind: a.kind ?? (a.type === 'job' ? 'job' : 'trob'),
  status: a.status,
  stage: a.stage,
  message: a.message,
  errorMessage: a.errorMessage,
  waitUntil: a.waitUntil,
  leaseUntil: a.leaseUntil,
  segment: a.segment,
  queuedSegment: a.queuedSegment,
  totalLeads: a.totalLeads,
  leadsAdded: a.leadsAdded,
  report: (a.report as { stored?: number } | undefined)?.stored,
  unsent: a.gsi1pk !== undefined,
  updatedAt: a.updatedAt,
});
