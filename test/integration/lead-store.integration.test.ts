import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { settleLeadCount, shardedLeadCount } from '../../functions/leads/lead-count-repository';
import { leadsAfter, storeLeads } from '../../functions/leads/lead-repository';
import type { Lead } from '../../shared/leads';
import { useIntegrationEnv } from '../support/integration-env';
import { storeJob } from '../support/jobs';

/**
 * The lead store of issue 19 point 10 against DynamoDB Local: new leads counted on shards in the
 * transaction that creates them, two batches of one automation stored at once, conditional writes
 * before any read, and skipDuplicates read from the other automations' own leads.
 */
beforeAll(async () => {
  await useIntegrationEnv();
});

let users = 0;
const newOwner = async (fields: Record<string, unknown> = {}) => {
  const owner = { userId: `lead-store-${++users}-${Date.now()}`, automationId: 'a1', jobId: 'a1' };
  await storeJob(owner.userId, owner.automationId, fields);
  return owner;
};

const lead = (n: number, fields: Partial<Lead> = {}): Lead => ({
  id: `p${n}`,
  profileId: `p${n}`,
  name: `Person ${n}`,
  profileUrl: `https://www.linkedin.com/in/p${n}`,
  extractedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => lead(from + i));

async function automation(userId: string, automationId: string) {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.automation(userId, automationId),
      ConsistentRead: true,
    }),
  );
  return out.Item ?? {};
}

async function allStored(owner: { userId: string; automationId: string }) {
  return (await leadsAfter(owner, undefined, 1000)).leads;
}

describe('storing leads', () => {
  it('creates new leads in one write and counts them on the shard it was given', async () => {
    const owner = await newOwner();
    const outcome = await storeLeads(owner, range(0, 150), { shard: 1 });
    expect(outcome).toMatchObject({ created: 150, updated: 0, duplicates: 0 });
    expect(outcome.storedIds).toHaveLength(150);
    expect(await shardedLeadCount(owner.userId, owner.automationId)).toBe(150);
    expect(await allStored(owner)).toHaveLength(150);
    // The count shards are not leads: a page of leads never shows them.
    expect((await allStored(owner)).every((stored) => stored.id.startsWith('p'))).toBe(true);
  });

  it('finds known leads from the refused write, keeps what enrichment added, and counts only the new', async () => {
    const owner = await newOwner();
    await storeLeads(owner, range(0, 10));
    const enriched = { ...lead(3), headline: 'Enriched headline', extractedAt: '2026-11-01T00:00:00.000Z' };
    await storeLeads(owner, [enriched]);
    // Not read first: the transaction is refused on the 10 known ones, which are then read and merged.
    const outcome = await storeLeads(
      { ...owner, jobId: 'a1.2' },
      [
        ...range(0, 10).map((known) => ({ ...known, name: `${known.name} (now)`, extractedAt: 'later' })),
        lead(10),
      ],
      { readFirst: false },
    );
    expect(outcome).toMatchObject({ created: 1, updated: 10, restoredFromEarlierJobs: 10 });
    expect(await shardedLeadCount(owner.userId, owner.automationId)).toBe(11);
    const stored = await allStored(owner);
    expect(stored).toHaveLength(11);
    const three = stored.find((s) => s.id === 'p3')!;
    expect(three).toMatchObject({ name: 'Person 3 (now)', headline: 'Enriched headline' });
    // The first extraction date is kept.
    expect(three.extractedAt).toBe('2026-11-01T00:00:00.000Z');
  });

  it('counts for the job the leads a stopped segment of it stored before its checkpoint counted them (issue 35 point 3)', async () => {
    const owner = await newOwner();
    // Segment A stores batches 0 and 1; its checkpoint counts batch 0, then the worker stops.
    const a = (number: number) => ({ ...owner, batch: { token: 'segment-a', number, counted: 0 } });
    expect(await storeLeads(a(0), range(0, 10))).toMatchObject({ created: 10, uncountedOfThisJob: 0 });
    expect(await storeLeads(a(1), range(10, 20))).toMatchObject({ created: 10, uncountedOfThisJob: 0 });
    // Segment B starts from that checkpoint (1 batch counted) and reads batch 1's page again: its leads
    // were never counted for the job, so they count now.
    const b = (number: number) => ({ ...owner, batch: { token: 'segment-b', number, counted: 1 } });
    expect(await storeLeads(b(1), range(10, 20))).toMatchObject({
      created: 0,
      updated: 10,
      uncountedOfThisJob: 10,
      restoredFromEarlierJobs: 0,
    });
    // Batch 0's people listed again (a commenter who also reacted), by B or by its own batches: counted once.
    expect(await storeLeads(b(2), range(0, 10))).toMatchObject({ updated: 10, uncountedOfThisJob: 0 });
    expect(await storeLeads(b(3), range(10, 20))).toMatchObject({ updated: 10, uncountedOfThisJob: 0 });
    expect(await shardedLeadCount(owner.userId, owner.automationId)).toBe(20);
  });

  it('stores two batches of one automation at once, overlapping, each lead once and counted once', async () => {
    const owner = await newOwner();
    const [a, b] = await Promise.all([
      storeLeads(owner, range(0, 99), { shard: 0 }),
      storeLeads(owner, range(50, 149), { shard: 1 }),
    ]);
    expect(a.created + b.created).toBe(149);
    expect(a.storedIds).toHaveLength(99);
    expect(b.storedIds).toHaveLength(99);
    expect(await shardedLeadCount(owner.userId, owner.automationId)).toBe(149);
    expect(await allStored(owner)).toHaveLength(149);
  });

  it('leaves out with skipDuplicates the people the named automations hold, and no others', async () => {
    const owner = await newOwner();
    await storeJob(owner.userId, 'a2');
    await storeJob(owner.userId, 'a3');
    await storeLeads({ ...owner, automationId: 'a2', jobId: 'a2' }, range(0, 5));
    await storeLeads({ ...owner, automationId: 'a3', jobId: 'a3' }, range(5, 10));
    const outcome = await storeLeads(owner, range(0, 12), { skipHeldBy: ['a2'] });
    expect(outcome).toMatchObject({ created: 7, duplicates: 5 });
    expect((await allStored(owner)).map((s) => s.id).sort()).toEqual(
      ['p10', 'p11', 'p5', 'p6', 'p7', 'p8', 'p9'].sort(),
    );
    // A person this automation already has is its own, never a duplicate.
    const again = await storeLeads(owner, range(5, 7), { skipHeldBy: ['a2', 'a3'] });
    expect(again).toMatchObject({ created: 0, updated: 2, duplicates: 0 });
  });
});

describe('the automation’s lead count', () => {
  it('is made good from the shards when a batch was stored after the last count was written', async () => {
    const owner = await newOwner({ totalLeads: 0 });
    await storeLeads(owner, range(0, 30));
    expect(await automation(owner.userId, owner.automationId)).toMatchObject({ totalLeads: 0 });
    await settleLeadCount(owner.userId, owner.automationId);
    expect(await automation(owner.userId, owner.automationId)).toMatchObject({
      totalLeads: 30,
      countedLeads: 30,
      hasData: true,
    });
    // Settling again changes nothing; a later batch is added to it.
    await settleLeadCount(owner.userId, owner.automationId);
    await storeLeads(owner, range(25, 40));
    await settleLeadCount(owner.userId, owner.automationId);
    expect(await automation(owner.userId, owner.automationId)).toMatchObject({
      totalLeads: 40,
      countedLeads: 40,
    });
  });

  it('keeps the count of an automation from before the shards and adds the new leads to it', async () => {
    // Counted on the automation item by the earlier store: 7 leads, no shards, no countedLeads.
    const owner = await newOwner({ totalLeads: 7 });
    await settleLeadCount(owner.userId, owner.automationId);
    expect(await automation(owner.userId, owner.automationId)).toMatchObject({ totalLeads: 7 });
    await storeLeads(owner, range(100, 103));
    await settleLeadCount(owner.userId, owner.automationId);
    expect(await automation(owner.userId, owner.automationId)).toMatchObject({
      totalLeads: 10,
      countedLeads: 3,
    });
  });

  it('does not mix its count with one another writer wrote meanwhile', async () => {
    const owner = await newOwner({ totalLeads: 5, countedLeads: 5 });
    await storeLeads(owner, range(0, 8));
    // Read 5 counted of 8; meanwhile the job's checkpoint wrote its own pair (7 of which 7 counted).
    const settling = settleLeadCount(owner.userId, owner.automationId);
    await storeJob(owner.userId, owner.automationId, { totalLeads: 7, countedLeads: 7 });
    await settling;
    const item = await automation(owner.userId, owner.automationId);
    // Whichever write came last, the pair keeps total - counted = 0: 8 once settled again.
    expect(Number(item.totalLeads) - Number(item.countedLeads)).toBe(0);
    await settleLeadCount(owner.userId, owner.automationId);
    expect(await automation(owner.userId, owner.automationId)).toMatchObject({ totalLeads: 8 });
  });
});
