import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Lead } from '../../shared/leads';
import { batchGet as readItems } from '../core/batch-get';
import { dynamo, tableName } from '../core/clients/dynamo';
import { cancellationCodes, isConditionalCheckFailure } from '../core/dynamo-errors';
import { type ItemKey, keys } from '../core/table';
import { countOnShard } from './lead-count-repository';

/**
 * Leads of an automation in their own partition (access patterns 25-26), one item per profile id: a
 * rerun, a retry or a recurring run overwrites instead of duplicating. New leads are created in one
 * transaction with their count on a count shard (lead-count-repository.ts), each conditional on not existing yet,
 * so the count is exact even when two writers race on the same profiles.
 */

/** A transaction holds 100 items: the count shard and 99 leads. */
const TRANSACTION_LEADS = 99;
const BATCH_WRITE = 25;
const MAX_ATTEMPTS = 8;

export interface LeadOwner {
  userId: string;
  automationId: string;
  /** The job storing the leads: a lead stored again by a later job of the automation counts again. */
  jobId?: string;
  /**
   * The job's batch storing them (issue 35 point 3): the segment's lease token and the batch's number in
   * the job's commit order, and how many batches the checkpoint it started from had counted. A lead an
   * earlier segment of the job stored in a batch that checkpoint had not counted (the worker stopped in
   * between) counts now; one it counted already (listed twice) does not.
   */
  batch?: { token: string; number: number; counted: number };
}

export interface StoreOutcome {
  /** Leads that did not exist in this automation before. */
  created: number;
  /** Leads already there, updated with what the list shows now. */
  updated: number;
  /** Of the updated, those an earlier job stored (DECISIONS 22: they count again for this run). */
  restoredFromEarlierJobs: number;
  /** Of the updated, those this job stored in a segment that stopped before its checkpoint counted them. */
  uncountedOfThisJob: number;
  /** Left out because another automation of the user already has them (skipDuplicates). */
  duplicates: number;
  /** The ids of the leads stored (created or updated), in the order given. */
  storedIds: string[];
}

type Item = Record<string, unknown>;

/**
 * A lead's item. Each lead is billed a write unit per KB begun (two in a transaction), and most are near
 * 1 KB, so the item carries nothing twice (issue 38 point 3): `profileId` only where it is not the id
 * (a list's lead is keyed by its profile id), and the segment's stamp, not its whole lease token.
 */
function leadItem(owner: LeadOwner, lead: Lead): Item {
  const { profileId, ...rest } = lead;
  return {
    ...keys.lead(owner.userId, owner.automationId, lead.id),
    type: 'lead',
    ...rest,
    ...(profileId !== lead.id ? { profileId } : {}),
    ...(owner.jobId ? { storedByJob: owner.jobId } : {}),
    ...(owner.batch ? { storedByToken: stampOf(owner.batch.token), storedInBatch: owner.batch.number } : {}),
  };
}

/**
 * What a lead keeps of the lease token of the segment that stored it: enough to tell two segments of one job
 * apart (44 random bits of a UUID). A lead stored before kept the whole token, whose stamp is the same.
 */
const stampOf = (token: string): string => token.slice(0, 12);

function stripKeys(item: Item): Lead {
  const {
    pk: _pk,
    sk: _sk,
    type: _type,
    storedByJob: _job,
    storedByToken: _token,
    storedInBatch: _batch,
    ...lead
  } = item;
  return { ...lead, profileId: lead.profileId ?? lead.id } as unknown as Lead;
}

async function batchPut(items: readonly Item[]): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH_WRITE) chunks.push(items.slice(i, i + BATCH_WRITE));
  // The chunks are independent writes: sent together, each retrying what DynamoDB left unprocessed.
  await Promise.all(chunks.map(putChunk));
}

async function putChunk(chunk: readonly Item[]): Promise<void> {
  let requests: unknown[] = chunk.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length > 0; attempt++) {
    if (attempt === MAX_ATTEMPTS) throw new Error('DynamoDB left lead writes unprocessed');
    if (attempt > 0) await sleep(Math.random() * 50 * 2 ** attempt);
    const out = await dynamo().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }),
    );
    requests = out.UnprocessedItems?.[tableName()] ?? [];
  }
}

/** The profiles among `ids` that one of the `others` automations of the user holds. */
async function heldElsewhere(
  owner: LeadOwner,
  ids: readonly string[],
  others: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0 || others.length === 0) return new Set();
  const items = await batchGet(
    others.flatMap((other) => ids.map((id) => keys.lead(owner.userId, other, id))),
    { consistent: false, projection: 'id' },
  );
  return new Set(items.map((item) => String(item.id)));
}

export interface StoreOptions {
  /**
   * Other automations of the user (same platform) whose leads are left out (skipDuplicates). Read
   * only in such runs: no per-lead index is written for them.
   */
  skipHeldBy?: readonly string[];
  /** The count shard this call counts on: calls of one automation at the same time use different ones. */
  shard?: number;
  /**
   * Read which leads exist before writing (a rerun, where most do). Otherwise the conditional writes
   * go first and only a refused transaction costs a read: a first run writes in one request.
   */
  readFirst?: boolean;
}

/**
 * Stores a page of leads. Existing leads keep what enrichment added (the list's fields are merged over
 * them); new leads are created and counted. Profiles held by `skipHeldBy` automations are left out.
 */
export async function storeLeads(
  owner: LeadOwner,
  leads: readonly Lead[],
  options: StoreOptions = {},
): Promise<StoreOutcome> {
  const unique = [...new Map(leads.map((lead) => [lead.id, lead])).values()];
  const outcome: StoreOutcome = {
    created: 0,
    updated: 0,
    restoredFromEarlierJobs: 0,
    uncountedOfThisJob: 0,
    duplicates: 0,
    storedIds: [],
  };
  let readFirst = options.readFirst ?? false;
  for (let i = 0; i < unique.length; i += TRANSACTION_LEADS) {
    const chunk = unique.slice(i, i + TRANSACTION_LEADS);
    const part = await storeChunk(owner, chunk, { ...options, readFirst });
    // The next chunk of a list that had known leads likely has some too.
    readFirst = part.updated > 0;
    outcome.created += part.created;
    outcome.updated += part.updated;
    outcome.restoredFromEarlierJobs += part.restoredFromEarlierJobs;
    outcome.uncountedOfThisJob += part.uncountedOfThisJob;
    outcome.duplicates += part.duplicates;
    outcome.storedIds.push(...part.storedIds);
  }
  return outcome;
}

async function storeChunk(
  owner: LeadOwner,
  chunk: readonly Lead[],
  options: StoreOptions,
): Promise<StoreOutcome> {
  // With skipDuplicates a person this automation already has is its own, not a duplicate: its own leads
  // are read with the other automations' (one round trip either way).
  let readFirst = (options.readFirst ?? false) || (options.skipHeldBy?.length ?? 0) > 0;
  for (let attempt = 0; ; attempt++) {
    // What this automation already has and what the user's other automations have, read together.
    const [existingItems, held] = await Promise.all([
      readFirst
        ? batchGet(chunk.map((lead) => keys.lead(owner.userId, owner.automationId, lead.id)))
        : Promise.resolve([]),
      heldElsewhere(
        owner,
        chunk.map((lead) => lead.id),
        options.skipHeldBy ?? [],
      ),
    ]);
    const existing = new Map(existingItems.map((item) => [String(item.id), item]));
    const candidates = chunk.filter((lead) => !existing.has(lead.id));
    const duplicates = new Set(candidates.filter((lead) => held.has(lead.id)).map((lead) => lead.id));
    const fresh = candidates.filter((lead) => !duplicates.has(lead.id));
    try {
      if (fresh.length > 0) {
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              countOnShard(owner.userId, owner.automationId, options.shard ?? 0, fresh.length),
              ...fresh.map((lead) => ({
                Put: {
                  TableName: tableName(),
                  Item: leadItem(owner, lead),
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              })),
            ],
          }),
        );
      }
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes || attempt >= MAX_ATTEMPTS) throw error;
      // Some of these exist (a rerun, or another writer created them meanwhile): read, then store the rest.
      if (codes.includes('ConditionalCheckFailed')) readFirst = true;
      // A conflict on the count shard (a worker that lost its lease still writing): again shortly.
      else await sleep(Math.random() * 20 * 2 ** attempt);
      continue;
    }
    // Known leads: what the list shows now over what enrichment added, never losing the first extraction date.
    const known = chunk.filter((lead) => existing.has(lead.id));
    const restoredFromEarlierJobs = known.filter(
      (lead) => existing.get(lead.id)?.storedByJob !== owner.jobId,
    ).length;
    const uncountedOfThisJob = known.filter((lead) => uncounted(owner, existing.get(lead.id)!)).length;
    const merged = known.map((lead) => {
      const before = stripKeys(existing.get(lead.id)!);
      return leadItem(owner, { ...before, ...definedFields(lead), extractedAt: before.extractedAt });
    });
    await batchPut(merged);
    const stored = new Set([...fresh.map((l) => l.id), ...merged.map((item) => String(item.id))]);
    return {
      created: fresh.length,
      updated: merged.length,
      restoredFromEarlierJobs,
      uncountedOfThisJob,
      duplicates: duplicates.size,
      storedIds: chunk.filter((lead) => stored.has(lead.id)).map((lead) => lead.id),
    };
  }
}

/** A lead this job stored in a batch its checkpoint did not count: a segment stopped before it did. */
function uncounted(owner: LeadOwner, stored: Item): boolean {
  const batch = owner.batch;
  return (
    batch !== undefined &&
    stored.storedByJob === owner.jobId &&
    stampOf(String(stored.storedByToken)) !== stampOf(batch.token) &&
    typeof stored.storedInBatch === 'number' &&
    stored.storedInBatch >= batch.counted
  );
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== ''),
  ) as Partial<T>;
}

/** Adds what enrichment found to a stored lead; false when the lead is gone (a purge ran). */
export async function enrichLead(owner: LeadOwner, id: string, fields: Partial<Lead>): Promise<boolean> {
  const entries = Object.entries(definedFields(fields)).filter(([k]) => k !== 'id' && k !== 'profileId');
  if (entries.length === 0) return true;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.lead(owner.userId, owner.automationId, id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Leads of an automation in key order, after `after` (exclusive): at most `limit`, and at most one
 * DynamoDB page (1 MB read), so an answer stays far below Lambda's 6 MB response limit however long the
 * leads' texts are. `more` says whether leads may follow.
 */
export async function leadsAfter(
  owner: Pick<LeadOwner, 'userId' | 'automationId'>,
  after: string | undefined,
  limit: number,
  options: { consistent?: boolean } = {},
): Promise<{ leads: Lead[]; more: boolean }> {
  const pk = keys.automationLeadsPartition(owner.userId, owner.automationId);
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: after ? 'pk = :pk AND sk > :after' : 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: after
        ? { ':pk': pk, ':after': `${keys.leadSortPrefix}${after}` }
        : { ':pk': pk, ':prefix': keys.leadSortPrefix },
      Limit: limit,
      ConsistentRead: options.consistent ?? true,
    }),
  );
  const leads = (out.Items ?? []).map(stripKeys);
  return { leads, more: out.LastEvaluatedKey !== undefined && leads.length > 0 };
}

/** Every lead of an automation, in key order (the AI filter's input). */
export async function allLeads(owner: Pick<LeadOwner, 'userId' | 'automationId'>): Promise<Lead[]> {
  const leads: Lead[] = [];
  for (;;) {
    const chunk = await leadsAfter(owner, leads.at(-1)?.id, 1000, { consistent: false });
    leads.push(...chunk.leads);
    if (!chunk.more) return leads;
  }
}

/**
 * One page of an automation's leads in key order: the keys before the page are skipped with a
 * key-only query (cheap reads of 2 small attributes), then the page is one query.
 */
export async function leadsPage(
  owner: Pick<LeadOwner, 'userId' | 'automationId'>,
  offset: number,
  limit: number,
): Promise<Lead[]> {
  const pk = keys.automationLeadsPartition(owner.userId, owner.automationId);
  let start: Record<string, unknown> | undefined;
  let skipped = 0;
  while (skipped < offset) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.leadSortPrefix },
        ProjectionExpression: 'pk, sk',
        Limit: offset - skipped,
        ExclusiveStartKey: start,
      }),
    );
    const items = out.Items ?? [];
    skipped += items.length;
    const last = items.at(-1);
    if (!last || !out.LastEvaluatedKey) {
      if (skipped < offset) return [];
    }
    start = last ? { pk: last.pk, sk: last.sk } : undefined;
    if (!last) return [];
  }
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.leadSortPrefix },
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return (out.Items ?? []).map(stripKeys);
}

/** The lead items of `keyList` (core/batch-get.ts). */
const batchGet = async (
  keyList: readonly ItemKey[],
  options: { consistent?: boolean; projection?: string } = {},
) => (await readItems(keyList, options)) as Item[];
