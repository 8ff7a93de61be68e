import type { AutomationStatus } from '../../../shared/automations-values';
import { RUN_TEXTS } from '../../../shared/run-texts';
import { tableName } from '../../core/clients/dynamo';
import { cancellationCodes } from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import type { JobRef } from '../job-repository';
import { moveCondition } from './job-moves';
import { jobIdentity } from './live-job-repository';
import {
  automationUpdate,
  fencedUpdate,
  type Lease,
  LeaseLostError,
  type RunEnd,
  type RunSnapshot,
  sendTransaction,
  snapshotFields,
  totalsFields,
} from './run-state-repository';

/**
 * A job's end (issue 19 points 1 and 7): the automation's status after it, by the lifecycle's engine
 * moves, and the job's own item, written in one transaction.
 */

/** A recurring automation pauses itself after this many failed runs in a row (issue 19 point 7). */
export const FAILED_RUNS_BEFORE_PAUSE = 3;

/** The job a segment runs, as its end needs it. */
export interface EndingJob {
  ref: JobRef;
  startedAt?: string;
  /** A recurring automation's next run, when its schedule goes on. */
  nextRunAt?: string;
  /** The automation's failed runs in a row before this one. */
  failedRunsInRow: number;
}

/**
 * What the automation's status becomes when its job ends (the lifecycle's engine moves): a one-off's is
 * the job's; a recurring automation waits for its next tick after a completed or failed run, and pauses
 * itself after the third failed run in a row.
 */
export function automationAfter(
  end: { status: 'completed' | 'failed' | 'paused' },
  job: Pick<EndingJob, 'nextRunAt' | 'failedRunsInRow'>,
): { status: AutomationStatus; failedRunsInRow: number; pausedForFailures?: true } {
  if (end.status === 'paused') return { status: 'paused', failedRunsInRow: job.failedRunsInRow };
  if (end.status === 'completed')
    return { status: job.nextRunAt ? 'active' : 'completed', failedRunsInRow: 0 };
  const failedRunsInRow = job.failedRunsInRow + 1;
  if (!job.nextRunAt) return { status: 'failed', failedRunsInRow };
  return failedRunsInRow >= FAILED_RUNS_BEFORE_PAUSE
    ? { status: 'paused', failedRunsInRow, pausedForFailures: true }
    : { status: 'active', failedRunsInRow };
}

/**
 * Ends the job, in one transaction: its item records the end (or, stopped by the platform, waits paused
 * with its cursor), fenced by the lease; the automation's status moves as the lifecycle lets the engine
 * move it from running (it leaves the run queue and stops counting if not active; a recurring one waits
 * for its next tick). Answers the automation's new status.
 */
export async function finishJob(
  lease: Lease,
  end: RunEnd,
  state: RunSnapshot,
  now: Date,
  job: EndingJob,
): Promise<AutomationStatus> {
  const at = now.toISOString();
  const after = automationAfter(end, job);
  const waitsForTick = after.status === 'active';
  const errorMessage =
    after.pausedForFailures && 'errorMessage' in end
      ? RUN_TEXTS.pausedAfterFailures(after.failedRunsInRow, end.errorMessage)
      : 'errorMessage' in end
        ? end.errorMessage
        : undefined;
  // A job the platform stopped is not over: it resumes after a re-sync, and counts once when it ends.
  const counts = end.status !== 'paused';
  const message = end.status === 'completed' ? end.message : end.errorMessage;
  const jobItem = fencedUpdate(
    lease,
    {
      ...snapshotFields(state),
      status: end.status,
      leaseUntil: new Date(0).toISOString(),
      message,
      ...('errorMessage' in end ? { errorMessage: end.errorMessage } : {}),
      ...(end.report ? { report: end.report } : {}),
      ...(counts ? { completedAt: at, leadsAdded: state.counters.stored } : {}),
    },
    // A forecast is for a job that waits; an ended one shows its report.
    ['leaseToken', 'forecast'],
    now,
  );
  const move = moveCondition(after.status, 'engine', { only: ['running'] });
  const automation = automationUpdate(
    lease,
    {
      ...totalsFields(state),
      status: after.status,
      ...(waitsForTick ? { nextRunAt: job.nextRunAt } : {}),
      lastRunAt: at,
      failedRunsInRow: after.failedRunsInRow,
      ...(end.status === 'completed' ? { completedAt: at, message: end.message } : {}),
      // A failed run of a recurring automation is over too: a resume waits for the next tick.
      ...(end.status === 'failed' ? { completedAt: at } : {}),
      ...(errorMessage ? { errorMessage, message: errorMessage } : {}),
      ...(end.status === 'paused' ? { pausedFor: end.pausedFor } : {}),
      ...(after.pausedForFailures ? { pausedFor: 'failures' } : {}),
    },
    ['gsi2pk', 'gsi2sk', 'sendAt', 'waitUntil', ...(after.status === 'paused' ? ['nextRunAt'] : [])],
    now,
    counts ? { totalRuns: 1, successfulRuns: end.status === 'completed' ? 1 : 0 } : {},
    move,
  );
  try {
    await sendTransaction([{ Update: jobItem }, { Update: automation }]);
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) throw new LeaseLostError();
    throw error;
  }
  return after.status;
}

/**
 * Fails a job that no worker holds (retries exhausted, a permanent error found before the claim): it
 * stops counting against the plan (a recurring automation waits for its next tick, or pauses after
 * its third failed run in a row), and its item records the failure, in one transaction. False when the
 * job was not pending or running any more.
 */
export async function failUnclaimed(
  userId: string,
  automationId: string,
  errorMessage: string,
  now: Date,
  job?: EndingJob,
): Promise<boolean> {
  const at = now.toISOString();
  const after = automationAfter({ status: 'failed' }, job ?? { failedRunsInRow: 0 });
  // The engine's move to the status after a failed run, from a job no lease holds: pending or running.
  const move = moveCondition(after.status, 'engine', { only: ['pending', 'running'] });
  const shown = after.pausedForFailures
    ? RUN_TEXTS.pausedAfterFailures(after.failedRunsInRow, errorMessage)
    : errorMessage;
  const items: Array<Record<string, unknown>> = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.automation(userId, automationId),
        UpdateExpression:
          'SET #status = :to, errorMessage = :error, message = :error, updatedAt = :at, lastRunAt = :at, ' +
          'completedAt = :at, failedRunsInRow = :failedInRow, ' +
          'totalRuns = if_not_exists(totalRuns, :zero) + :one' +
          (after.status === 'active' ? ', nextRunAt = :next' : '') +
          (after.pausedForFailures ? ', pausedFor = :failures' : '') +
          ' REMOVE gsi2pk, gsi2sk, sendAt, waitUntil' +
          (after.status === 'paused' ? ', nextRunAt' : ''),
        // Only the job it was asked for, while it has not ended.
        ConditionExpression: `attribute_exists(pk) AND ${move.expression}${job ? ' AND jobId = :jobId' : ''}`,
        ExpressionAttributeNames: move.names,
        ExpressionAttributeValues: {
          ...move.values,
          ':to': after.status,
          ':error': shown,
          ':at': at,
          ':zero': 0,
          ':one': 1,
          ':failedInRow': after.failedRunsInRow,
          ...(job ? { ':jobId': job.ref.id } : {}),
          ...(after.status === 'active' ? { ':next': job?.nextRunAt } : {}),
          ...(after.pausedForFailures ? { ':failures': 'failures' } : {}),
        },
      },
    },
  ];
  if (job) {
    // No live lease may hold the job: a stale worker's last attempt must not fail a job another worker
    // runs, nor a run that completed.
    const identity = jobIdentity(userId, automationId, job.ref);
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.job(userId, job.ref.createdAt, job.ref.id),
        UpdateExpression:
          `SET #status = :failed, completedAt = :at, updatedAt = :at, message = :error, errorMessage = :error, ` +
          `leaseUntil = :epoch, ${identity.sets.join(', ')}` +
          (job.startedAt ? ', startedAt = if_not_exists(startedAt, :startedAt)' : '') +
          ' REMOVE leaseToken, forecast',
        ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :at',
        ExpressionAttributeNames: { '#status': 'status', ...identity.names },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':at': at,
          ':error': errorMessage,
          ':epoch': new Date(0).toISOString(),
          ...identity.values,
          ...(job.startedAt ? { ':startedAt': job.startedAt } : {}),
        },
      },
    });
  }
  try {
    await sendTransaction(items);
    return true;
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}
