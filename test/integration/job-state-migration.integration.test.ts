import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { claimSegment, migrateLiveJobState, readLiveJob } from '../../functions/jobs/job-state';
import { migrateAutomation } from '../../functions/jobs/job-state/migrate-repository';
import { useIntegrationEnv } from '../support/integration-env';
import { getItem } from '../support/table-items';

/**
 * Issue 37 point 1: automations written before the running job's state moved to the job's item have it
 * moved there by `npm run migrate:job-state` (and by the local cloud's start), and their jobs go on.
 */
beforeAll(async () => {
  await useIntegrationEnv();
});

const CURSOR = { phase: 'list', list: '40' };
const COUNTERS = {
  found: 40,
  stored: 38,
  hidden: 1,
  filtered: 1,
  duplicates: 0,
  enriched: 0,
  enrichFailed: 0,
};
const STAGES = [
  { stage: 'starting', at: '2026-11-01T10:00:00.000Z' },
  { stage: 'extracting', at: '2026-11-01T10:00:05.000Z' },
];

/** An automation item as issue 36's code wrote it, its job under way: the run state on the automation. */
async function legacyRunningAutomation() {
  const userId = `legacy-${randomUUID()}`;
  const id = randomUUID();
  const createdAt = '2026-11-01T10:00:00.000Z';
  const jobId = `${id}.2`;
  const jobCreatedAt = '2026-11-01T12:00:00.000Z';
  await put({
    ...keys.automation(userId, id),
    type: 'automation',
    userId,
    id,
    jobId,
    jobCreatedAt,
    jobTrigger: 'run-again',
    templateId: 'linkedin-follower-extractor',
    displayName: 'Followers',
    platform: 'linkedin',
    status: 'running',
    config: {},
    createdAt,
    updatedAt: '2026-11-01T12:05:00.000Z',
    totalLeads: 38,
    countedLeads: 38,
    totalRuns: 1,
    // The run state, as it was kept on the automation.
    leaseToken: 'old-token',
    leaseUntil: '2026-11-01T12:04:00.000Z',
    runSegment: 2,
    queuedSegment: 3,
    runCursor: CURSOR,
    runCounters: COUNTERS,
    stageHistory: STAGES,
    progress: 40,
    stage: 'extracting',
    message: 'Reading followers',
    completedTasks: 38,
    totalTasks: 100,
    successTasks: 38,
    failedTasks: 0,
    startedAt: '2026-11-01T12:00:01.000Z',
  });
  // Its job's item, as a run again created it.
  await put({
    ...keys.job(userId, jobCreatedAt, jobId),
    ...keys.automationJobsIndexKey(userId, id, jobCreatedAt, jobId),
    type: 'job',
    userId,
    id: jobId,
    automationId: id,
    run: 2,
    trigger: 'run-again',
    templateId: 'linkedin-follower-extractor',
    name: 'Followers',
    platform: 'linkedin',
    status: 'pending',
    createdAt: jobCreatedAt,
  });
  return { userId, id, jobId, jobCreatedAt };
}

async function put(item: Record<string, unknown>) {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
}

describe('moving the running job’s state to the job’s item', () => {
  it('moves a running job’s lease, segment, cursor, counters, progress and stages, and the job goes on from there', async () => {
    const legacy = await legacyRunningAutomation();
    // (A local cloud starting beside this file may move it first: the outcome is what counts.)
    expect((await migrateLiveJobState()).raced).toBe(0);

    const job = await readLiveJob(legacy.userId, { id: legacy.jobId, createdAt: legacy.jobCreatedAt });
    expect(job).toMatchObject({
      status: 'running',
      run: 2,
      leaseToken: 'old-token',
      segment: 2,
      cursor: CURSOR,
      counters: COUNTERS,
      stages: STAGES,
      progress: 40,
      stage: 'extracting',
      message: 'Reading followers',
      completedTasks: 38,
      totalTasks: 100,
      startedAt: '2026-11-01T12:00:01.000Z',
    });
    const automation = await getItem(keys.automation(legacy.userId, legacy.id));
    for (const field of [
      'leaseToken',
      'leaseUntil',
      'runSegment',
      'runCursor',
      'runCounters',
      'stageHistory',
      'progress',
      'stage',
    ])
      expect(automation, field).not.toHaveProperty(field);
    // What the automation keeps: its status, totals, pointer and the segment to send next.
    expect(automation).toMatchObject({
      status: 'running',
      totalLeads: 38,
      jobId: legacy.jobId,
      queuedSegment: 3,
    });

    // The queued segment claims the job and finds where it stood; a copy of the old one does not.
    const stale = await claimSegment({ ...claimOf(legacy), segment: 2 });
    expect(stale.kind).toBe('refused');
    const claimed = await claimSegment({ ...claimOf(legacy), segment: 3 });
    expect(claimed.kind).toBe('claimed');
    if (claimed.kind !== 'claimed') return;
    expect(claimed.job).toMatchObject({ cursor: CURSOR, counters: COUNTERS, segment: 3, stages: STAGES });
    expect(claimed.lease.job).toEqual({ id: legacy.jobId, createdAt: legacy.jobCreatedAt });
  });

  it('gives an ended job that never had an item one, with its report and status, and moves nothing twice', async () => {
    const userId = `legacy-${randomUUID()}`;
    const id = randomUUID();
    const createdAt = '2026-10-01T10:00:00.000Z';
    await put({
      ...keys.automation(userId, id),
      type: 'automation',
      userId,
      id,
      jobId: id,
      templateId: 'linkedin-follower-extractor',
      displayName: 'Old one',
      platform: 'linkedin',
      status: 'completed',
      config: {},
      createdAt,
      updatedAt: '2026-10-01T10:30:00.000Z',
      completedAt: '2026-10-01T10:30:00.000Z',
      report: { found: 5, stored: 5 },
      runSegment: 0,
      progress: 100,
      stage: 'completed',
      message: 'Done',
    });
    await migrateLiveJobState();
    const job = await readLiveJob(userId, { id, createdAt });
    expect(job).toMatchObject({
      type: 'job',
      userId,
      id,
      automationId: id,
      createdAt,
      status: 'completed',
      report: { found: 5, stored: 5 },
      segment: 0,
      progress: 100,
      ...keys.automationJobsIndexKey(userId, id, createdAt, id),
    });
    // The automation keeps its own last word; a second pass finds nothing left to move.
    expect(await getItem(keys.automation(userId, id))).toMatchObject({
      status: 'completed',
      message: 'Done',
    });
    expect(await migrateLiveJobState()).toEqual({ moved: 0, raced: 0 });
  });
});

describe('an automation not moved yet when the current code meets it', () => {
  it('is moved by the claim of its next segment, which goes on from where it stood', async () => {
    const legacy = await legacyRunningAutomation();
    const claimed = await claimSegment({ ...claimOf(legacy), segment: 3 });
    expect(claimed.kind).toBe('claimed');
    if (claimed.kind !== 'claimed') return;
    expect(claimed.job).toMatchObject({ cursor: CURSOR, counters: COUNTERS, segment: 3, stages: STAGES });
    expect(await getItem(keys.automation(legacy.userId, legacy.id))).not.toHaveProperty('runCursor');
  });

  it('leaves a job item the current code already claimed as it is, and only clears the automation', async () => {
    const legacy = await legacyRunningAutomation();
    const ref = { id: legacy.jobId, createdAt: legacy.jobCreatedAt };
    const claimed = await claimSegment({ ...claimOf(legacy), segment: 3 });
    expect(claimed.kind).toBe('claimed');
    // A worker of the earlier code writes its old fields back on the automation after that.
    const automation = (await getItem(keys.automation(legacy.userId, legacy.id)))!;
    await put({
      ...automation,
      runSegment: 2,
      runCursor: { phase: 'list', list: '0' },
      leaseToken: 'old-token',
    });
    expect(
      await migrateAutomation((await getItem(keys.automation(legacy.userId, legacy.id)))! as never),
    ).toBe(true);
    expect(await readLiveJob(legacy.userId, ref)).toMatchObject({ segment: 3, cursor: CURSOR });
    expect((await readLiveJob(legacy.userId, ref)).leaseToken).not.toBe('old-token');
    const cleared = await getItem(keys.automation(legacy.userId, legacy.id));
    expect(cleared).not.toHaveProperty('runSegment');
    expect(cleared).not.toHaveProperty('leaseToken');
  });

  it('does not mark a job that ended as paused when its automation was paused between runs', async () => {
    const userId = `legacy-${randomUUID()}`;
    const id = randomUUID();
    const jobId = `${id}.3`;
    const jobCreatedAt = '2026-11-02T08:00:00.000Z';
    await put({
      ...keys.automation(userId, id),
      type: 'automation',
      userId,
      id,
      jobId,
      jobCreatedAt,
      templateId: 'linkedin-follower-extractor',
      displayName: 'Hourly',
      platform: 'linkedin',
      interval: 'hourly',
      status: 'paused',
      pausedFor: 'user',
      completedAt: '2026-11-02T08:10:00.000Z',
      config: {},
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-02T09:00:00.000Z',
      message: 'Paused',
      runSegment: 1,
      stage: 'completed',
      progress: 100,
    });
    await put({
      ...keys.job(userId, jobCreatedAt, jobId),
      ...keys.automationJobsIndexKey(userId, id, jobCreatedAt, jobId),
      type: 'job',
      userId,
      id: jobId,
      automationId: id,
      status: 'completed',
      message: 'Found 12 leads',
      createdAt: jobCreatedAt,
      completedAt: '2026-11-02T08:10:00.000Z',
    });
    await migrateLiveJobState();
    expect(await readLiveJob(userId, { id: jobId, createdAt: jobCreatedAt })).toMatchObject({
      status: 'completed',
      message: 'Found 12 leads',
      segment: 1,
      progress: 100,
    });
  });
});

const claimOf = (legacy: { userId: string; id: string; jobId: string }) => ({
  userId: legacy.userId,
  automationId: legacy.id,
  jobId: legacy.jobId,
  now: new Date(),
  leaseMs: 60_000,
});
