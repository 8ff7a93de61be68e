import { isActiveStatus } from '../../../shared/job-lifecycle';
import { limitsFor } from '../../../shared/plan-policy';
import type { Platform } from '../../../shared/platforms';
import { findUserById } from '../../auth/user-service';
import { listAutomations } from '../../automations/automation-lookup-service';
import { releaseProfiles, reserveProfiles, usageMonth } from '../../billing/usage-service';
import { RUN_METRICS, type RunMetrics } from '../../engine/run-metrics';
import type { ListRow } from '../../platforms/driver-types';
import { enrichLead, leadsAfter, storeLeads } from '../lead-repository';
import { leadOf } from './lead-of-row';
import type { LeadSink, StoredBatch } from './trob-context';

/** How many batches of one job may be stored at once: each counts on a shard of its own. */
export const LEAD_COUNT_SHARDS = 2;

/**
 * A job's lead sink: leads stored once each under the automation, every profile within the month's
 * allowance of the workspace's plan (DECISIONS 22), read once a segment. Up to LEAD_COUNT_SHARDS batches
 * may be stored at once.
 */
export async function createLeadSink(input: {
  /** The workspace whose job it is: its owner's plan sets the month's allowance. */
  workspaceId: string;
  automationId: string;
  jobId: string;
  platform: Platform;
  skipDuplicates: boolean;
  /** The automation already has leads (a run again, a recurring run): most listed ones are known. */
  hasLeads: boolean;
  now: () => Date;
  metrics: RunMetrics;
  /** This segment's lease token, and the batches of listed leads its checkpoint had counted. */
  token: string;
  countedBatches: number;
}): Promise<LeadSink> {
  const owner = { userId: input.workspaceId, automationId: input.automationId };
  const [user, others] = await Promise.all([
    findUserById(input.workspaceId),
    input.skipDuplicates ? automationsWithLeads(input) : Promise.resolve([]),
  ]);
  const monthlyLimit = limitsFor(user?.plan).monthlyProfiles;
  const freeShards = Array.from({ length: LEAD_COUNT_SHARDS }, (_, shard) => shard);
  let readFirst = input.hasLeads;

  async function store(rows: readonly ListRow[], baseUrl: string, batch: number): Promise<StoredBatch> {
    const shard = freeShards.shift();
    if (shard === undefined) throw new Error(`At most ${LEAD_COUNT_SHARDS} batches are stored at once`);
    try {
      return await storeOnShard(rows, baseUrl, shard, batch);
    } finally {
      freeShards.push(shard);
    }
  }

  async function storeOnShard(
    rows: readonly ListRow[],
    baseUrl: string,
    shard: number,
    batch: number,
  ): Promise<StoredBatch> {
    const month = usageMonth(input.now());
    const out: StoredBatch = { stored: 0, created: 0, duplicates: 0, limited: false };
    // Reserved a part at a time: a duplicate gives its reservation back when stored, so the month's
    // allowance is judged on what is left after that, not on the whole batch at once.
    let rest = rows;
    while (rest.length > 0) {
      const granted = await reserveProfiles(input.workspaceId, month, rest.length, monthlyLimit);
      if (granted === 0) {
        out.limited = true;
        break;
      }
      const storing = rest.slice(0, granted);
      rest = rest.slice(granted);
      const now = input.now().toISOString();
      const outcome = await storeLeads(
        {
          ...owner,
          jobId: input.jobId,
          batch: { token: input.token, number: batch, counted: input.countedBatches },
        },
        storing.map((row) => leadOf(row, baseUrl, now)),
        { skipHeldBy: others, shard, readFirst },
      );
      readFirst = outcome.updated > 0;
      // Profiles count once per lead stored, on every run that stores them; a duplicate, or a lead an
      // earlier attempt of this same job already stored, gives its reservation back.
      await releaseProfiles(
        input.workspaceId,
        month,
        storing.length - outcome.created - outcome.restoredFromEarlierJobs,
      );
      // Held by this job: new leads, known ones an earlier job stored, and ones a stopped segment of this
      // job stored without counting them (their profiles were counted when it stored them). A person
      // this job listed twice (a commenter who also reacted) counts once towards maxProfiles and the report.
      out.stored += outcome.created + outcome.restoredFromEarlierJobs + outcome.uncountedOfThisJob;
      out.created += outcome.created;
      out.duplicates += outcome.duplicates;
      input.metrics.count(RUN_METRICS.leadsWritten, outcome.created + outcome.updated);
    }
    return out;
  }

  return {
    store,
    storesAtOnce: LEAD_COUNT_SHARDS,
    monthlyLimit,
    after: async (after, limit) => (await leadsAfter(owner, after, limit)).leads,
    enrich: (id, fields) => enrichLead(owner, id, fields),
  };
}

/** The workspace's other automations on the platform that may hold leads (skipDuplicates reads them). */
async function automationsWithLeads(input: {
  workspaceId: string;
  automationId: string;
  platform: Platform;
}): Promise<string[]> {
  return (await listAutomations(input.workspaceId))
    .filter(
      (automation) =>
        automation.id !== input.automationId &&
        automation.platform === input.platform &&
        (automation.hasData || (automation.totalLeads ?? 0) > 0 || isActiveStatus(automation.status)),
    )
    .map((automation) => automation.id);
}
