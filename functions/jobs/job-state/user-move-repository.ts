import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { jobIdOfRun, NEW_JOB_PROGRESS, runOfJob } from '../../../shared/automations-values';
import { FINISHED_STATUSES } from '../../../shared/job-lifecycle';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { retryingConflicts } from '../../core/conflicts';
import {
  cancellationCodes,
  isConditionalCheckFailure,
  isItemConditionFailure,
} from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import type { StoredAutomation } from '../automation-item';
import { LEGACY_LIVE_FIELDS, newJobPut } from '../job-repository';
import { moveCondition } from './job-moves';
import { automationWithJob, currentJobOf, jobIdentity, readLiveJob } from './live-job-repository';
import { unsentMarker } from './unsent-repository';

/**
 * The status writes of automations (issue 19 point 2): a start, a run again, a pause, a resume and a
 * cancel, each conditional on the statuses the lifecycle (shared/job-lifecycle.ts) lets it leave from,
 * and each job's item created or ended in the same transaction. With run-repository.ts (the engine's
 * lease-holder writes), run-claims.ts and resume-service.ts, the only writers of a job's status.
 */

/**
 * A conditional update of an automation that answers the item as it is now, or undefined when the
 * condition did not hold (its status moved, or it is gone).
 */
async function updatedOrUndefined(
  input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'ReturnValues'>,
): Promise<StoredAutomation | undefined> {
  try {
    const out = await dynamo().send(new UpdateCommand({ ...input, ReturnValues: 'ALL_NEW' }));
    return await withItsJob(out.Attributes as StoredAutomation);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** The version of the user's start guard (0 before the first start). Read before counting. */
export async function readStartGuard(userId: string): Promise<number> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.automationStartGuard(userId), ConsistentRead: true }),
  );
  return typeof out.Item?.version === 'number' ? out.Item.version : 0;
}

/**
 * The next version of the user's start guard, conditional on the version the caller read: a start or
 * a run again writes it in the same transaction as the automation, so two of them at once cannot both
 * pass the plan limit.
 */
function guardBump(userId: string, guardVersion: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.automationStartGuard(userId),
      UpdateExpression: 'SET version = :next, #type = :type',
      ConditionExpression: 'attribute_not_exists(version) OR version = :read',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':next': guardVersion + 1,
        ':read': guardVersion,
        ':type': 'automation-guard',
      },
    },
  };
}

/**
 * Writes a new automation, marked unsent, together with the next version of the start guard. Returns
 * false when another start of the same user won the guard since `guardVersion` was read: the caller
 * counts again.
 */
export async function insertAutomation(automation: StoredAutomation, guardVersion: number): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          guardBump(automation.userId, guardVersion),
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.automation(automation.userId, automation.id),
                type: 'automation',
                ...withoutLiveFields(automation),
                jobCreatedAt: automation.createdAt,
                jobTrigger: 'start',
                ...unsentMarker(automation.userId, automation.id, automation.createdAt),
                // Waiting for a worker (GET /api/automation/queue) until a run claims it.
                gsi2pk: keys.runQueue.waiting,
                gsi2sk: keys.runQueueSort(automation.createdAt, automation.userId, automation.id),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          newJobPut({
            userId: automation.userId,
            id: automation.jobId,
            automationId: automation.id,
            run: 1,
            trigger: 'start',
            templateId: automation.templateId,
            name: automation.displayName,
            platform: automation.platform,
            createdAt: automation.createdAt,
            ...(automation.message ? { message: automation.message } : {}),
          }),
        ],
      }),
    );
    return true;
  } catch (error) {
    // Lost the guard to another start: its version moved (ConditionalCheckFailed), or DynamoDB saw
    // both transactions on the guard at once (TransactionConflict).
    const code = cancellationCodes(error)?.[0];
    if (code === 'ConditionalCheckFailed' || code === 'TransactionConflict') return false;
    throw error;
  }
}

/**
 * Active to paused (part 2 section 4: only an active automation can be paused); undefined when it is
 * not active (anymore). The job's lease ends with it, so a run in flight stops at its next write.
 */
export async function pauseActive(
  userId: string,
  id: string,
  at: string,
): Promise<StoredAutomation | undefined> {
  const pause = moveCondition('paused', 'user', { only: ['active'] });
  return updatedOrUndefined({
    TableName: tableName(),
    Key: keys.automation(userId, id),
    UpdateExpression:
      // Not scheduled while paused: no next run to show.
      // The user's pause is its own reason: a last run's error is not why it paused.
      'SET #status = :paused, pausedFor = :user, updatedAt = :at REMOVE leaseToken, gsi2pk, gsi2sk, nextRunAt, errorMessage',
    ConditionExpression: `attribute_exists(pk) AND ${pause.expression}`,
    ExpressionAttributeNames: pause.names,
    ExpressionAttributeValues: { ...pause.values, ':paused': 'paused', ':user': 'user', ':at': at },
  });
}

/**
 * A finished automation back to pending as a fresh job, in one transaction with the user's start
 * guard (as a first start): progress, cursor and report start over, and the next run message is the
 * segment after the last one run, so no older message can claim it. Marked unsent until its message
 * is on the queue.
 */
export async function restartFinished(
  automation: StoredAutomation,
  guardVersion: number,
  at: string,
  message: string,
): Promise<StoredAutomation | 'lost-guard' | 'not-finished'> {
  // Each job's segments count from 0: a message names its job, so no older job's message can claim it.
  const segment = 0;
  // Run again: from a finished job only (a paused one resumes instead).
  const runAgain = moveCondition('pending', 'user', { only: FINISHED_STATUSES });
  // Each run is a job of its own (DECISIONS 23): run n of the automation is job `<id>.<n>`.
  // One more than the current job's number (not the run count: a cancelled job counts no run).
  const run = Math.max(runOfJob(automation.jobId), automation.totalRuns ?? 0) + 1;
  const jobId = jobIdOfRun(automation.id, run);
  const restarted: StoredAutomation = {
    ...automation,
    jobId,
    jobCreatedAt: at,
    jobTrigger: 'run-again',
    ...NEW_JOB_PROGRESS,
    totalLeads: automation.totalLeads ?? 0,
    hasData: automation.hasData ?? false,
    totalRuns: automation.totalRuns ?? 0,
    successfulRuns: automation.successfulRuns ?? 0,
    status: 'pending',
    message,
    updatedAt: at,
    queuedSegment: segment,
  };
  for (const field of [
    'errorMessage',
    'report',
    'forecast',
    'enrichment',
    'completedAt',
    'startedAt',
    'waitUntil',
    'pausedFor',
  ] as const) {
    delete restarted[field];
  }
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          guardBump(automation.userId, guardVersion),
          {
            Update: {
              TableName: tableName(),
              Key: keys.automation(automation.userId, automation.id),
              UpdateExpression:
                'SET #status = :pending, jobId = :jobId, message = :message, updatedAt = :at, queuedSegment = :segment, ' +
                'jobCreatedAt = :at, jobTrigger = :trigger, failedRunsInRow = :zero, ' +
                'gsi1pk = :unsent, gsi1sk = :unsentSort, gsi2pk = :waiting, gsi2sk = :waitingSort ' +
                `REMOVE errorMessage, completedAt, waitUntil, pausedFor, sendAt, ${LEGACY_LIVE_FIELDS.join(', ')}`,
              ConditionExpression: runAgain.expression,
              ExpressionAttributeNames: runAgain.names,
              ExpressionAttributeValues: {
                ...runAgain.values,
                ':pending': 'pending',
                ':jobId': jobId,
                ':zero': 0,
                ':message': message,
                ':at': at,
                ':segment': segment,
                ':trigger': 'run-again',
                ':unsent': keys.unsentAutomations.pk,
                ':unsentSort': keys.unsentAutomationSort(at, automation.userId, automation.id),
                ':waiting': keys.runQueue.waiting,
                ':waitingSort': keys.runQueueSort(at, automation.userId, automation.id),
              },
            },
          },
          newJobPut({
            userId: automation.userId,
            id: jobId,
            automationId: automation.id,
            run,
            trigger: 'run-again',
            templateId: automation.templateId,
            name: automation.displayName,
            platform: automation.platform,
            createdAt: at,
            message,
          }),
        ],
      }),
    );
    return restarted;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[1] === 'ConditionalCheckFailed') return 'not-finished';
    if (codes?.[0] === 'ConditionalCheckFailed' || codes?.includes('TransactionConflict'))
      return 'lost-guard';
    throw error;
  }
}

/**
 * A recurring automation paused between runs (its last job had finished) back to active, waiting for its
 * next tick at `nextRunAt`; undefined when it is not paused (anymore).
 */
export async function resumeBetweenRuns(
  userId: string,
  id: string,
  at: string,
  nextRunAt: string,
): Promise<StoredAutomation | undefined> {
  const resume = moveCondition('active', 'user');
  return updatedOrUndefined({
    TableName: tableName(),
    Key: keys.automation(userId, id),
    UpdateExpression:
      // Its failed runs start counting again from here.
      'SET #status = :active, nextRunAt = :next, updatedAt = :at, message = :message, failedRunsInRow = :zero REMOVE pausedFor',
    ConditionExpression: `attribute_exists(pk) AND ${resume.expression} AND attribute_exists(completedAt)`,
    ExpressionAttributeNames: resume.names,
    ExpressionAttributeValues: {
      ...resume.values,
      ':active': 'active',
      ':next': nextRunAt,
      ':at': at,
      ':message': 'Resumed: the next run is on its schedule',
      ':zero': 0,
    },
  });
}

/**
 * A user's pause, resume or cancel: conditional on the status read, so it never overrides a change the
 * engine made meanwhile. The job under way (if any: a recurring automation between runs has none) moves
 * with it in the same transaction, and loses its lease: a worker running it stops at its next write. A
 * resume continues the job in the segment after its last one (no older message can claim it); a cancel
 * ends it.
 */
export async function setJobStatusByUser(
  userId: string,
  automation: StoredAutomation,
  change: { to: 'paused' | 'pending' | 'cancelled'; from: readonly string[]; at: string },
  /** A move that found the job ended since `automation` was read is tried once more, as read again. */
  readAgain = true,
): Promise<StoredAutomation | undefined> {
  const id = automation.id;
  const live =
    automation.completedAt || automation.status === 'active' ? undefined : currentJobOf(automation);
  // From where the caller read the status, each a move the lifecycle gives the user.
  const move = moveCondition(change.to, 'user', { only: change.from });
  const values: Record<string, unknown> = { ...move.values, ':to': change.to, ':at': change.at };
  const sets = ['#status = :to', 'updatedAt = :at'];
  const removes = ['leaseToken'];
  let message: string;
  if (change.to === 'paused') {
    message = 'Paused';
    sets.push('pausedFor = :user', 'message = :message');
    values[':user'] = 'user';
    // A paused recurring automation is not scheduled: no next run to show.
    removes.push('gsi2pk', 'gsi2sk', 'nextRunAt', 'errorMessage');
  } else if (change.to === 'pending') {
    message = 'Resuming where it stopped';
    sets.push(
      'queuedSegment = :segment',
      'message = :message',
      'gsi2pk = :waiting',
      'gsi2sk = :waitingSort',
      // On the unsent index: the run dispatch sends its message (run-dispatch-service.ts).
      'gsi1pk = :unsent',
      'gsi1sk = :unsentSort',
    );
    values[':segment'] = live ? ((await readLiveJob(userId, live)).segment ?? -1) + 1 : 0;
    values[':unsent'] = keys.unsentAutomations.pk;
    values[':unsentSort'] = keys.unsentAutomationSort(change.at, userId, id);
    values[':waiting'] = keys.runQueue.waiting;
    values[':waitingSort'] = keys.runQueueSort(change.at, userId, id);
    removes.push('pausedFor', 'errorMessage');
  } else {
    message = 'Cancelled';
    sets.push('message = :message', 'completedAt = :at');
    removes.push('gsi2pk', 'gsi2sk', 'nextRunAt');
  }
  values[':message'] = message;
  const update = {
    TableName: tableName(),
    Key: keys.automation(userId, id),
    UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`,
    // The job it read: a move of a job that ended and started again meanwhile changes nothing.
    ConditionExpression: `attribute_exists(pk) AND ${move.expression} AND jobId = :jobId`,
    ExpressionAttributeNames: move.names,
    ExpressionAttributeValues: { ...values, ':jobId': automation.jobId },
  };
  if (!live) return updatedOrUndefined(update);
  const identity = jobIdentity(userId, id, live);
  const jobMove = {
    TableName: tableName(),
    Key: keys.job(userId, live.createdAt, live.id),
    UpdateExpression:
      `SET #status = :to, message = :message, updatedAt = :at, ${identity.sets.join(', ')}` +
      (change.to === 'cancelled' ? ', completedAt = :at' : '') +
      ` REMOVE leaseToken${change.to === 'pending' ? ', errorMessage' : ''}`,
    // Still under way: a job that ended since it was read (a recurring one now between runs) keeps its end.
    ConditionExpression: 'attribute_not_exists(#status) OR #status IN (:pending, :running, :paused)',
    ExpressionAttributeNames: { '#status': 'status', ...identity.names },
    ExpressionAttributeValues: {
      ':to': change.to,
      ':message': message,
      ':at': change.at,
      ':pending': 'pending',
      ':running': 'running',
      ':paused': 'paused',
      ...identity.values,
    },
  };
  try {
    // A running job's own writes may meet the transaction at once: it is tried again (conflicts.ts).
    await retryingConflicts(() =>
      dynamo().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, { Update: jobMove }] })),
    );
  } catch (error) {
    if (isItemConditionFailure(error, 0)) return undefined;
    if (!isItemConditionFailure(error, 1)) throw error;
    // The job ended meanwhile: the move is made again on the automation as it is now, or refused.
    const now = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.automation(userId, id), ConsistentRead: true }),
    );
    if (!readAgain || !now.Item) return undefined;
    return setJobStatusByUser(userId, now.Item as StoredAutomation, change, false);
  }
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.automation(userId, id), ConsistentRead: true }),
  );
  return out.Item ? withItsJob(out.Item as StoredAutomation) : undefined;
}

/** An automation as its caller answers it: with its current job's progress (automationWithJob). */
async function withItsJob(automation: StoredAutomation): Promise<StoredAutomation> {
  return automationWithJob(automation, await readLiveJob(automation.userId, currentJobOf(automation)));
}

/** A new automation's item: what it holds itself, its job's progress on the job's item. */
function withoutLiveFields(automation: StoredAutomation): Record<string, unknown> {
  const item: Record<string, unknown> = { ...automation };
  for (const field of LEGACY_LIVE_FIELDS) delete item[field];
  return item;
}
