import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AutomationInterval } from '../../../shared/automations-values';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { retryingConflicts } from '../../core/conflicts';
import { cancellationCodes, isConditionalCheckFailure } from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import type { StoredAutomation } from '../automation-item';
import type { JobRef } from '../job-repository';
import { currentJobOf, readLiveJob } from './live-job-repository';
import { holdsLegacyState, migrateAutomation } from './migrate-repository';

/**
 * The unsent index (gsi1, core/table.ts pattern 22): automations whose run message waits to be sent by
 * the run dispatch (engine/run-dispatch-service.ts). The routes put an automation on it in the same
 * write as its status (a start, a run again, a resume), and so does the engine when a job continues in its
 * next segment (jobs/run-repository.ts) or a message meets a lease that holds its segment (below); the
 * dispatch reads it and takes it off.
 */

/**
 * The run message is on the queue: the automation leaves the unsent index, unless it was marked unsent
 * again since (a resume right after), which then waits for its own dispatch.
 */
export async function markQueued(userId: string, id: string, at: string, unsentSort?: string): Promise<void> {
  // A claim of this very message may write the automation at the same instant: tried again (conflicts.ts).
  await retryingConflicts(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.automation(userId, id),
        UpdateExpression: 'SET queuedAt = :at REMOVE gsi1pk, gsi1sk',
        ConditionExpression: unsentSort ? 'gsi1sk = :sort' : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at, ...(unsentSort ? { ':sort': unsentSort } : {}) },
      }),
    ),
  ).catch((error: unknown) => {
    // Deleted in the meantime (account deletion), or marked unsent again: nothing to mark.
    if (!isConditionalCheckFailure(error)) throw error;
  });
}

/** The keys that put an automation on the unsent index, the run messages waiting to be sent, as of `at`. */
export function unsentMarker(userId: string, id: string, at: string) {
  return { gsi1pk: keys.unsentAutomations.pk, gsi1sk: keys.unsentAutomationSort(at, userId, id) };
}

/** What the run dispatch reads of an automation waiting for its run message (run-dispatch-service.ts). */
export interface UnsentAutomation {
  /** The workspace whose automation it is (its item's `userId`: the owner's id). */
  workspaceId: string;
  id: string;
  jobId?: string;
  status: string;
  queuedSegment?: number;
  interval?: AutomationInterval;
  /** A job waiting for a budget, or for the lease on its segment: its message is sent delayed till then. */
  sendAt?: string;
  /** A job its schedule's tick created: the schedule is there already. */
  scheduled?: boolean;
  /** The automation's kind (its item's `kind`; none for the first kind there was): its run messages' queue and schedule. */
  kind?: string;
  /** The automation's config, which a kind's schedule may read. */
  config?: Record<string, unknown>;
  /** Its place on the unsent index, so only this dispatch takes it off. */
  unsentSort: string;
}

/** An unsent automation as the dispatch reads it, from an item of the index or a stream image. */
export function unsentOf(item: Record<string, unknown>): UnsentAutomation | undefined {
  if (item.gsi1pk !== keys.unsentAutomations.pk || typeof item.gsi1sk !== 'string') return undefined;
  return {
    workspaceId: item.userId as string,
    id: item.id as string,
    ...(typeof item.jobId === 'string' ? { jobId: item.jobId } : {}),
    status: item.status as string,
    ...(typeof item.queuedSegment === 'number' ? { queuedSegment: item.queuedSegment } : {}),
    ...(typeof item.interval === 'string' ? { interval: item.interval as AutomationInterval } : {}),
    ...(typeof item.sendAt === 'string' ? { sendAt: item.sendAt } : {}),
    ...(item.jobTrigger === 'schedule' ? { scheduled: true } : {}),
    ...(typeof item.kind === 'string' ? { kind: item.kind } : {}),
    ...(item.config && typeof item.config === 'object'
      ? { config: item.config as Record<string, unknown> }
      : {}),
    unsentSort: item.gsi1sk,
  };
}

/**
 * The automation as it is now, if it is still on the unsent index where `seen` found it: a stream image or
 * an index entry may be older than a dispatch that already took it off.
 */
export async function stillUnsent(seen: UnsentAutomation): Promise<UnsentAutomation | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.automation(seen.workspaceId, seen.id),
      ConsistentRead: true,
    }),
  );
  const current = out.Item ? unsentOf(out.Item) : undefined;
  return current?.unsentSort === seen.unsentSort ? current : undefined;
}

/**
 * The automation a table stream's new image (DynamoDB's attribute values) put on the unsent index, as it
 * is now (stillUnsent): undefined when the image is not of the index (a removal, another item) or a
 * dispatch took it off since.
 */
export async function stillUnsentOfImage(
  image: Record<string, unknown>,
): Promise<UnsentAutomation | undefined> {
  const seen = unsentOf(unmarshall(image as Record<string, AttributeValue>));
  return seen ? stillUnsent(seen) : undefined;
}

/**
 * Jobs left running by a worker that stopped without letting go (its process killed, the local cloud
 * stopped) and with no message left to take them over: their lease ended before `leaseEndedBefore`. Each
 * goes on the unsent index for its own segment again (claimable now its lease has ended), unless it moved
 * meanwhile, or a take-over was already marked for this lease within the grace (`takenOverAt`, set here,
 * later than the lease's end and than `leaseEndedBefore`): a job gets one take-over per lost message, not
 * one per sweep (a timer catching up after a restart runs several at once). Answers how many.
 */
export async function markStalledRunsUnsent(
  leaseEndedBefore: string,
  limit: number,
  now: string,
): Promise<number> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.runQueue.index,
      KeyConditionExpression: 'gsi2pk = :running',
      FilterExpression: '#status = :runningStatus AND attribute_not_exists(gsi1pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':running': keys.runQueue.running, ':runningStatus': 'running' },
      Limit: limit,
    }),
  );
  let marked = 0;
  for (const item of out.Items ?? []) {
    const automation = item as StoredAutomation & { takenOverAt?: string };
    // One written before its job's state moved to the job's item: moved now; the next pass sees it.
    if (holdsLegacyState(automation as unknown as Record<string, unknown>)) {
      await migrateAutomation(automation as StoredAutomation & Record<string, unknown>);
      continue;
    }
    const job = currentJobOf(automation);
    // The lease and the segment are the job's (live-job-repository.ts).
    const { leaseUntil, segment } = await readLiveJob(automation.userId, job);
    if (typeof leaseUntil !== 'string' || typeof segment !== 'number' || leaseUntil >= leaseEndedBefore)
      continue;
    // Not one taken over since its lease ended, within the grace: one take-over, not one per sweep.
    const taken = automation.takenOverAt;
    if (taken && taken >= leaseUntil && taken >= leaseEndedBefore) continue;
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.job(automation.userId, job.createdAt, job.id),
                ConditionExpression: 'leaseUntil = :seen AND #segment = :segment',
                ExpressionAttributeNames: { '#segment': 'segment' },
                ExpressionAttributeValues: { ':seen': leaseUntil, ':segment': segment },
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: keys.automation(automation.userId, automation.id),
                UpdateExpression:
                  'SET queuedSegment = :segment, takenOverAt = :now, gsi1pk = :unsent, gsi1sk = :unsentSort',
                ConditionExpression:
                  '#status = :running AND jobId = :jobId AND attribute_not_exists(gsi1pk) AND ' +
                  '(attribute_not_exists(takenOverAt) OR takenOverAt < :seen OR takenOverAt < :before)',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':segment': segment,
                  ':running': 'running',
                  ':jobId': job.id,
                  ':seen': leaseUntil,
                  ':before': leaseEndedBefore,
                  ':now': now,
                  ':unsent': keys.unsentAutomations.pk,
                  // Unsent since its lease ended, so the sweep that marks it also sends it.
                  ':unsentSort': keys.unsentAutomationSort(leaseUntil, automation.userId, automation.id),
                },
              },
            },
          ],
        }),
      );
      marked++;
    } catch (error) {
      if (
        !cancellationCodes(error)?.some((c) => c === 'ConditionalCheckFailed' || c === 'TransactionConflict')
      )
        throw error;
    }
  }
  return marked;
}

/**
 * Jobs waiting for a budget or a pace (issue 35 point 2) whose wake-up (`waitUntil`) passed before
 * `wokeBefore` with no worker claiming them (a claim moves a job to the running side of the run queue),
 * and whose last run message also went out before then: the delayed message that should have woken them
 * was lost (a queue that lost it; the local cloud killed, its queue kept in memory). Each goes on the
 * unsent index again for the segment it waits with, so the dispatch sends its message at once; the claim
 * by segment lets a message that was only late run nothing twice. The send sets `queuedAt`, so a job gets
 * one wake-up per grace, not one per sweep. Answers how many.
 */
export async function markLostWakeUpsUnsent(wokeBefore: string, limit: number): Promise<number> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.runQueue.index,
      KeyConditionExpression: 'gsi2pk = :waiting AND gsi2sk < :before',
      FilterExpression:
        // On the waiting side, nobody holds it: a claim moves it to the running side.
        '#status = :running AND waitUntil < :before AND attribute_not_exists(gsi1pk) ' +
        'AND (attribute_not_exists(queuedAt) OR queuedAt < :before)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':waiting': keys.runQueue.waiting,
        ':running': 'running',
        ':before': wokeBefore,
      },
      Limit: limit,
    }),
  );
  let marked = 0;
  for (const item of out.Items ?? []) {
    const { userId, id, waitUntil, gsi2sk } = item as {
      userId: string;
      id: string;
      waitUntil: string;
      gsi2sk: string;
    };
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.automation(userId, id),
          UpdateExpression: 'SET gsi1pk = :unsent, gsi1sk = :unsentSort',
          // Still waiting where the query saw it: not claimed, not sent again, not ended meanwhile.
          ConditionExpression:
            '#status = :running AND gsi2pk = :waiting AND gsi2sk = :seen AND attribute_not_exists(gsi1pk)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':running': 'running',
            ':waiting': keys.runQueue.waiting,
            ':seen': gsi2sk,
            ':unsent': keys.unsentAutomations.pk,
            ':unsentSort': keys.unsentAutomationSort(waitUntil, userId, id),
          },
        }),
      );
      marked++;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  return marked;
}

/**
 * A run message that met its very segment held by a live lease (a worker still on it, or one that stopped
 * without letting go): the job goes back on the unsent index for that segment, to be sent at `sendAt`
 * (when the lease ends), so the run dispatch sends it then, like any other run message, and the next
 * worker takes the segment over from its checkpoint if nobody finished it. Not conditioned on the lease
 * itself: a worker that renews it only makes the message come back early and meet the lease again. False
 * when the job moved on meanwhile (handed to its next segment, ended, paused): nothing is left to take over.
 */
export async function markHeldRunUnsent(input: {
  userId: string;
  automationId: string;
  /** The job whose segment the lease holds (the claim's `held`). */
  job: JobRef;
  segment: number;
  sendAt: Date;
  now: Date;
}): Promise<boolean> {
  try {
    await sendHeld(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.job(input.userId, input.job.createdAt, input.job.id),
              ConditionExpression: '#segment = :segment',
              ExpressionAttributeNames: { '#segment': 'segment' },
              ExpressionAttributeValues: { ':segment': input.segment },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.automation(input.userId, input.automationId),
              UpdateExpression:
                'SET queuedSegment = :segment, sendAt = :sendAt, gsi1pk = :unsent, gsi1sk = :unsentSort',
              ConditionExpression:
                '#status = :running AND jobId = :jobId AND ' +
                '(attribute_not_exists(queuedSegment) OR queuedSegment <= :segment)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':running': 'running',
                ':jobId': input.job.id,
                ':segment': input.segment,
                ':sendAt': input.sendAt.toISOString(),
                ':unsent': keys.unsentAutomations.pk,
                ':unsentSort': keys.unsentAutomationSort(
                  input.now.toISOString(),
                  input.userId,
                  input.automationId,
                ),
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    // The job moved on meanwhile (handed over, ended, paused): nothing left to take over.
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/** The held run's transaction, again when it only met the live worker's own write (conflicts.ts). */
const sendHeld = (command: TransactWriteCommand) => retryingConflicts(() => dynamo().send(command));

/** Automations marked unsent before `before`, oldest first. */
export async function listUnsent(before: string, limit: number): Promise<UnsentAutomation[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.unsentAutomations.index,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': keys.unsentAutomations.pk, ':before': before },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).flatMap((item) => unsentOf(item) ?? []);
}
