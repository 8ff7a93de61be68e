import { ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { retryingConflicts } from '../../core/conflicts';
import { cancellationCodes, isConditionalCheckFailure, isConflictOnly } from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import type { StoredAutomation } from '../automation-item';
import { LEGACY_LIVE_FIELDS } from '../job-repository';
import { currentJobOf, jobIdentity } from './live-job-repository';
import { updateOf } from './update-expression';

/**
 * Moves the running job's state from automation items written before issue 37 onto their current job's
 * item (live-job-repository.ts): its lease, segment, cursor, counters, progress and stages, under the job
 * item's names. Each automation moves in one transaction, conditioned on the item being as read, so a
 * worker of the old code writing meanwhile makes it wait for the next pass. Run once per stage after the
 * deploy (`npm run migrate:job-state`); a second run finds nothing to move.
 */

/** A legacy automation field and its name on the job item. */
const RENAMED: Record<(typeof LEGACY_LIVE_FIELDS)[number], string> = {
  leaseToken: 'leaseToken',
  leaseUntil: 'leaseUntil',
  runSegment: 'segment',
  runCursor: 'cursor',
  runCounters: 'counters',
  stageHistory: 'stages',
  progress: 'progress',
  stage: 'stage',
  completedTasks: 'completedTasks',
  totalTasks: 'totalTasks',
  successTasks: 'successTasks',
  failedTasks: 'failedTasks',
  enrichment: 'enrichment',
  forecast: 'forecast',
  report: 'report',
  startedAt: 'startedAt',
};

/**
 * Whether the automation's current job is still under way (its item takes the automation's status): pending
 * or running, or paused during a run; one paused between runs (its job ended) points at an ended job.
 */
const isLive = (automation: StoredAutomation): boolean =>
  automation.status === 'pending' ||
  automation.status === 'running' ||
  (automation.status === 'paused' && !automation.completedAt);

/** Whether an automation item still holds its job's state itself (written before issue 37). */
export const holdsLegacyState = (automation: Record<string, unknown>): boolean =>
  LEGACY_LIVE_FIELDS.some((field) => automation[field] !== undefined);

export interface MigrationResult {
  moved: number;
  /** Automations that changed while they were read (a worker of the old code): a later pass moves them. */
  raced: number;
}

export async function migrateLiveJobState(): Promise<MigrationResult> {
  const result: MigrationResult = { moved: 0, raced: 0 };
  let start: Record<string, unknown> | undefined;
  const names = Object.fromEntries(LEGACY_LIVE_FIELDS.map((field, i) => [`#l${i}`, field]));
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: `#type = :automation AND (${Object.keys(names)
          .map((name) => `attribute_exists(${name})`)
          .join(' OR ')})`,
        ExpressionAttributeNames: { '#type': 'type', ...names },
        ExpressionAttributeValues: { ':automation': 'automation' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      if (await migrateAutomation(item as StoredAutomation & Record<string, unknown>)) result.moved++;
      else result.raced++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return result;
}

/**
 * Moves one automation's job state to its current job's item; false when the automation changed since it
 * was read (a worker of the earlier code writing: a later pass, or the next claim, moves it). A job item
 * that already holds a lease or a segment (claimed by the current code) is left as it is: only the
 * automation's old fields go.
 */
export async function migrateAutomation(
  automation: StoredAutomation & Record<string, unknown>,
): Promise<boolean> {
  const job = currentJobOf(automation);
  const set: Record<string, unknown> = {};
  for (const field of LEGACY_LIVE_FIELDS)
    if (automation[field] !== undefined) set[RENAMED[field]] = automation[field];
  // A job under way shows its automation's status on its item; an ended one keeps what its end wrote.
  const live = isLive(automation);
  if (live) {
    set.status = automation.status;
    if (automation.message) set.message = automation.message;
  }
  const jobUpdate = updateOf(set);
  const identity = jobIdentity(automation.userId, automation.id, job);
  // An ended job whose item was never written (jobs before issue 19) takes its automation's status.
  const keepStatus = live ? [] : ['#jobStatus = if_not_exists(#jobStatus, :legacyStatus)'];
  const removed = updateOf({}, LEGACY_LIVE_FIELDS, {}, 'a');
  const automationCleared = {
    Update: {
      TableName: tableName(),
      Key: keys.automation(automation.userId, automation.id),
      UpdateExpression: removed.expression,
      // As read: nothing wrote to it since.
      ConditionExpression: automation.updatedAt ? 'updatedAt = :seen' : 'attribute_not_exists(updatedAt)',
      ExpressionAttributeNames: removed.names,
      ...(automation.updatedAt ? { ExpressionAttributeValues: { ':seen': automation.updatedAt } } : {}),
    },
  };
  const jobMoved = {
    Update: {
      TableName: tableName(),
      Key: keys.job(automation.userId, job.createdAt, job.id),
      UpdateExpression: `${jobUpdate.expression}, ${[...identity.sets, ...keepStatus].join(', ')}`,
      // Not over a job the current code already claimed.
      ConditionExpression: 'attribute_not_exists(#jobSegment) AND attribute_not_exists(leaseToken)',
      ExpressionAttributeNames: {
        ...jobUpdate.names,
        ...identity.names,
        '#jobSegment': 'segment',
        ...(keepStatus.length ? { '#jobStatus': 'status' } : {}),
      },
      ExpressionAttributeValues: {
        ...jobUpdate.values,
        ...identity.values,
        ...(keepStatus.length ? { ':legacyStatus': automation.status } : {}),
      },
    },
  };
  try {
    await retryingConflicts(() =>
      dynamo().send(new TransactWriteCommand({ TransactItems: [jobMoved, automationCleared] as never })),
    );
    return true;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[1] === 'ConditionalCheckFailed' || isConflictOnly(error)) return false;
    if (codes?.[0] !== 'ConditionalCheckFailed') throw error;
  }
  // The job's item is the current code's already: only the automation's old fields go.
  try {
    await retryingConflicts(() => dynamo().send(new UpdateCommand(automationCleared.Update)));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error) || isConflictOnly(error)) return false;
    throw error;
  }
}
