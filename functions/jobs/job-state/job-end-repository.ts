import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AutomationStatus } from '../../../shared/automations-values';
import { RUN_TEXTS } from '../../../shared/run-texts';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { isItemConditionFailure } from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import { type JobRef, jobEndUpdate } from '../job-repository';
import { moveCondition } from './job-moves';
import {
  fencedUpdate,
  type Lease,
  LeaseLostError,
  type RunEnd,
  type RunSnapshot,
  snapshotFields,
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
 * Ends the job, in one transaction: the automation's status, report and message (it leaves the run
 * queue and stops counting if not active; a recurring one waits for its next tick) and the job's own
 * item. Answers the automation's new status.
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
  const automation = fencedUpdate(
    lease,
    {
      status: after.status,
      ...(waitsForTick ? { nextRunAt: job.nextRunAt } : {}),
      ...snapshotFields(state),
      leaseUntil: new Date(0).toISOString(),
      lastRunAt: at,
      failedRunsInRow: after.failedRunsInRow,
      ...(end.status === 'completed' ? { completedAt: at, message: end.message } : {}),
      // A failed run of a recurring automation is over too: a resume waits for the next tick.
      ...(end.status === 'failed' ? { completedAt: at } : {}),
      ...(errorMessage ? { errorMessage, message: errorMessage } : {}),
      ...(end.report ? { report: end.report } : {}),
      ...(end.status === 'paused' ? { pausedFor: end.pausedFor } : {}),
      ...(after.pausedForFailures ? { pausedFor: 'failures' } : {}),
    },
    [
      'leaseToken',
      'gsi2pk',
      'gsi2sk',
      'sendAt',
      'waitUntil',
      // A forecast is for a job that waits; an ended one shows its report.
      'forecast',
      ...(after.status === 'paused' ? ['nextRunAt'] : []),
    ],
    now,
    counts ? { totalRuns: 1, successfulRuns: end.status === 'completed' ? 1 : 0 } : {},
  );
  const items: Array<Record<string, unknown>> = [{ Update: automation }];
  if (counts) {
    items.push(
      jobEndUpdate(lease.userId, lease.automationId, job.ref, {
        status: end.status,
        at,
        ...(job.startedAt ? { startedAt: job.startedAt } : {}),
        leadsAdded: state.counters.stored,
        progress: state.progress,
        message: end.status === 'completed' ? end.message : end.errorMessage,
        ...('errorMessage' in end ? { errorMessage: end.errorMessage } : {}),
        ...(state.stages ? { stages: state.stages } : {}),
        ...(end.report ? { report: end.report } : {}),
      }),
    );
  }
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items as never }));
  } catch (error) {
    if (isItemConditionFailure(error, 0)) throw new LeaseLostError();
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
          'completedAt = :at, failedRunsInRow = :failedInRow, leaseUntil = :epoch, ' +
          'totalRuns = if_not_exists(totalRuns, :zero) + :one' +
          (after.status === 'active' ? ', nextRunAt = :next' : '') +
          (after.pausedForFailures ? ', pausedFor = :failures' : '') +
          ' REMOVE leaseToken, gsi2pk, gsi2sk, sendAt, waitUntil, forecast' +
          (after.status === 'paused' ? ', nextRunAt' : ''),
        // Only the job it was asked for, while it has not ended and no live lease holds it (a stale
        // worker's last attempt must not fail a job another worker runs, nor a run that completed).
        ConditionExpression:
          `attribute_exists(pk) AND ${move.expression}` +
          (job ? ' AND jobId = :jobId AND (attribute_not_exists(leaseUntil) OR leaseUntil < :at)' : ''),
        ExpressionAttributeNames: move.names,
        ExpressionAttributeValues: {
          ...move.values,
          ':to': after.status,
          ':error': shown,
          ':at': at,
          ':epoch': new Date(0).toISOString(),
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
  if (job)
    items.push(
      jobEndUpdate(userId, automationId, job.ref, {
        status: 'failed',
        at,
        ...(job.startedAt ? { startedAt: job.startedAt } : {}),
        message: errorMessage,
        errorMessage,
      }),
    );
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items as never }));
    return true;
  } catch (error) {
    if (isItemConditionFailure(error, 0)) return false;
    throw error;
  }
}
