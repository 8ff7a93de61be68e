import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/core/table';
import type { StoredAutomation } from '../../functions/jobs/automation-item';
import {
  claimSegment,
  emptyCounters,
  finishJob,
  insertAutomation,
  readLiveJob,
  readStartGuard,
  setJobStatusByUser,
} from '../../functions/jobs/job-state';
import { NEW_JOB_PROGRESS } from '../../shared/automations-values';
import { statusesBefore } from '../../shared/job-lifecycle';
import { useIntegrationEnv } from '../support/integration-env';
import { getItem } from '../support/table-items';

/**
 * Issue 37 point 1: a user's move made on what was read a moment ago, while the job's item holds its
 * state: a job that ended meanwhile keeps its end.
 */
beforeAll(async () => {
  await useIntegrationEnv();
});

async function runningRecurringJob() {
  const userId = `race-${randomUUID()}`;
  const id = randomUUID();
  const at = new Date().toISOString();
  const automation = {
    id,
    jobId: id,
    userId,
    templateId: 'linkedin-follower-extractor',
    displayName: 'Hourly',
    platform: 'linkedin',
    status: 'pending',
    config: {},
    createdAt: at,
    updatedAt: at,
    ...NEW_JOB_PROGRESS,
    message: 'Queued',
    interval: 'hourly',
    nextRunAt: at,
  } as StoredAutomation;
  expect(await insertAutomation(automation, await readStartGuard(userId))).toBe(true);
  const claimed = await claimSegment({
    userId,
    automationId: id,
    jobId: id,
    segment: 0,
    now: new Date(),
    leaseMs: 60_000,
  });
  if (claimed.kind !== 'claimed') throw new Error(`not claimed: ${claimed.kind}`);
  return { userId, id, lease: claimed.lease };
}

const snapshot = (message: string) => ({
  cursor: { phase: 'list' as const },
  counters: { ...emptyCounters(), stored: 12 },
  totalLeads: 12,
  countedLeads: 12,
  progress: {
    progress: 100,
    stage: 'completed',
    message,
    completedTasks: 12,
    totalTasks: 12,
    successTasks: 12,
    failedTasks: 0,
  },
});

describe('a user’s move on a job that ended since it was read', () => {
  for (const to of ['paused', 'cancelled'] as const) {
    it(`(${to}) leaves the ended job's item as its end wrote it, and moves the automation as it is now`, async () => {
      const { userId, id, lease } = await runningRecurringJob();
      const read = (await getItem(keys.automation(userId, id))) as unknown as StoredAutomation;
      expect(read.status).toBe('running');
      // The run completes: the recurring automation waits for its next tick.
      await finishJob(
        lease,
        { status: 'completed', message: 'Found 12 leads' },
        snapshot('Found 12 leads'),
        new Date(),
        {
          ref: lease.job,
          nextRunAt: new Date(Date.now() + 3_600_000).toISOString(),
          failedRunsInRow: 0,
        },
      );
      // The user's move, made on the read from before the end.
      const moved = await setJobStatusByUser(userId, read, {
        to,
        from: statusesBefore(to, 'user'),
        at: new Date().toISOString(),
      });
      expect(await readLiveJob(userId, lease.job)).toMatchObject({
        status: 'completed',
        message: 'Found 12 leads',
      });
      expect(moved?.status).toBe(to);
      expect(await getItem(keys.automation(userId, id))).toMatchObject({ status: to });
    });
  }
});
