import { startScheduledJob } from '../jobs/job-state';
import { findFlow } from './flow-repository';
import { markOpenWriteSwept, openWritesBefore } from './open-write-repository';

/** As the stalled-job sweep's grace: a write's lease ends with its job's, and the job is taken over after this. */
export const OPEN_WRITE_GRACE_MS = 2 * 60_000;
const SWEEP_BATCH = 100;

export const OPEN_WRITE_TEXTS = {
  settleRun: 'Starting a run to check a write a stopped run left open',
} as const;

/**
 * The sweep's part of issue 35 point 1: a write still open a grace after its lease ended has no worker.
 * When its flow runs now (a job taken over after a crash, a retry), that run settles it first thing; when
 * the flow waits for its next slot, its run starts now, once per write (the platform can only be read
 * from a run's browser). A paused flow settles it when it resumes; a stopped one never runs again, and
 * its open writes stay as they are (the platform is not read).
 */
export async function startRunsForOpenWrites(now: Date): Promise<{ open: number; started: number }> {
  const before = new Date(now.getTime() - OPEN_WRITE_GRACE_MS).toISOString();
  const open = await openWritesBefore(before, { limit: SWEEP_BATCH });
  let started = 0;
  const flowsStarted = new Set<string>();
  for (const { account, record } of open) {
    if (record.sweptAt) continue;
    const flow = await findFlow(account.workspaceId, record.flowId);
    if (flow?.status !== 'active') continue;
    if (!(await markOpenWriteSwept(account, record.key, now.toISOString()))) continue;
    const flowKey = `${account.workspaceId}#${record.flowId}`;
    if (flowsStarted.has(flowKey)) continue;
    const job = await startScheduledJob(account.workspaceId, record.flowId, now, {
      trigger: 'schedule',
      message: OPEN_WRITE_TEXTS.settleRun,
    });
    if (job) {
      flowsStarted.add(flowKey);
      started++;
    }
  }
  return { open: open.length, started };
}
