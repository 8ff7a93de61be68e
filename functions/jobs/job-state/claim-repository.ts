import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { jobIdOfRun, runOfJob } from '../../../shared/automations-values';
import type { Platform } from '../../../shared/platforms';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { retryingConflicts } from '../../core/conflicts';
import { cancellationCodes } from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import type { StoredAutomation } from '../automation-item';
import { type JobRef, LEGACY_LIVE_FIELDS, newJobPut } from '../job-repository';
import { moveCondition } from './job-moves';
import { currentJobOf, jobIdentity, type LiveJob, readLiveJob } from './live-job-repository';
import { holdsLegacyState, migrateAutomation } from './migrate-repository';
import type { Lease } from './run-state-repository';

/**
 * How a job is taken: a segment claimed under a new lease (every later write is fenced by it in
 * run-repository.ts), or a recurring automation's next job started by its tick.
 */

/**
 * What a claim found: the segment is ours (with the automation and its job's state as they are now); or
 * another lease still holds this very segment (a live worker, or one that stopped without letting go, as
 * a crash or a Ctrl-C leaves it) until `until`; or the message is refused for good (a duplicate of a done
 * segment, an older message, a job paused, finished or gone).
 */
export type Claim =
  | { kind: 'claimed'; lease: Lease; automation: StoredAutomation; job: LiveJob }
  | { kind: 'held'; until: Date; job: JobRef }
  | { kind: 'refused' };

/**
 * Claims segment `segment` of a job, in one transaction: the automation pending or running to running
 * (the lifecycle's claim), and the job's item under a new lease, only when no newer segment ran and no
 * live lease holds this one.
 */
export async function claimSegment(input: {
  userId: string;
  automationId: string;
  /** The job the message belongs to: a message of an earlier job of the automation claims nothing. */
  jobId: string;
  segment: number;
  now: Date;
  leaseMs: number;
}): Promise<Claim> {
  const token = randomUUID();
  const at = input.now.toISOString();
  const until = new Date(input.now.getTime() + input.leaseMs);
  const read = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.automation(input.userId, input.automationId),
      ConsistentRead: true,
    }),
  );
  const found = read.Item as StoredAutomation | undefined;
  if (!found || found.jobId !== input.jobId) return { kind: 'refused' };
  // An automation written before its job's state moved to the job's item: moved now, before the claim
  // reads the job's item (its lease, segment and cursor), so no run starts over or runs beside another.
  const legacy = found as StoredAutomation & Record<string, unknown>;
  if (holdsLegacyState(legacy)) {
    // A worker of the earlier code still writing it: the message is tried again (the queue's retry).
    if (!(await migrateAutomation(legacy)))
      throw new Error('The automation changed while its job state moved to the job item; tried again');
    return claimSegment(input);
  }
  const job = currentJobOf(found);
  // The lifecycle's claim (pending to running), or a later segment of a job that already runs.
  const claim = moveCondition('running', 'engine', { orStay: true });
  const identity = jobIdentity(input.userId, input.automationId, job);
  const claimWrite = () =>
    dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.job(input.userId, job.createdAt, job.id),
              UpdateExpression:
                'SET #status = :running, #segment = :segment, leaseToken = :token, leaseUntil = :until, ' +
                `startedAt = if_not_exists(startedAt, :at), updatedAt = :at, ${identity.sets.join(', ')}`,
              // The same segment again only while its lease has ended (a retry, or a take-over after a
              // crash); a newer segment, or the job's first.
              ConditionExpression:
                'attribute_not_exists(#segment) OR #segment < :segment OR (#segment = :segment AND leaseUntil < :at)',
              ExpressionAttributeNames: { '#status': 'status', '#segment': 'segment', ...identity.names },
              ExpressionAttributeValues: {
                ':running': 'running',
                ':segment': input.segment,
                ':token': token,
                ':until': until.toISOString(),
                ':at': at,
                ...identity.values,
              },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.automation(input.userId, input.automationId),
              UpdateExpression:
                'SET #status = :running, updatedAt = :at, gsi2pk = :queue, gsi2sk = :queueSort',
              // A copy of a segment that was already handed over to the next one claims nothing.
              ConditionExpression:
                `attribute_exists(pk) AND ${claim.expression} AND jobId = :jobId AND ` +
                '(attribute_not_exists(queuedSegment) OR queuedSegment <= :segment)',
              ExpressionAttributeNames: claim.names,
              ExpressionAttributeValues: {
                ...claim.values,
                ':running': 'running',
                ':segment': input.segment,
                ':jobId': input.jobId,
                ':at': at,
                ':queue': keys.runQueue.running,
                ':queueSort': keys.runQueueSort(at, input.userId, input.automationId),
              },
            },
          },
        ],
      }),
    );
  /** A claim refused by its conditions: another lease holds this very segment while it lives, or not ours. */
  async function heldOrRefused(): Promise<Claim> {
    const now = await readLiveJob(input.userId, job);
    const held =
      now.status === 'running' &&
      now.segment === input.segment &&
      typeof now.leaseUntil === 'string' &&
      now.leaseUntil >= at;
    return held ? { kind: 'held', until: new Date(now.leaseUntil as string), job } : { kind: 'refused' };
  }
  try {
    // Another write of the automation at the same instant (the dispatch marking this very message queued,
    // a user's move) makes the claim try again, not give up, so the message is not dropped for it.
    await retryingConflicts(claimWrite);
  } catch (error) {
    if (!cancellationCodes(error)?.includes('ConditionalCheckFailed')) throw error;
    return heldOrRefused();
  }
  const automation = { ...found, status: 'running' } as StoredAutomation;
  return {
    kind: 'claimed',
    lease: {
      userId: input.userId,
      automationId: input.automationId,
      job,
      token,
      segment: input.segment,
      until,
    },
    automation,
    job: await readLiveJob(input.userId, job),
  };
}

/**
 * A recurring automation's tick: active (its last job done) to pending as its next job, on the unsent
 * index for the run dispatch to send, which starts over from the first page into the same dataset. Undefined when it is not active: the last job still
 * runs, or the automation was paused, cancelled or deleted; the tick is then dropped.
 */
export async function startScheduledJob(
  userId: string,
  automationId: string,
  now: Date,
  /** An execute-now (DECISIONS 27) starts the next job the way its schedule would. */
  start: { trigger: 'schedule' | 'execute'; message: string } = {
    trigger: 'schedule',
    message: 'Starting the scheduled run',
  },
): Promise<{ jobId: string; segment: number } | undefined> {
  const current = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.automation(userId, automationId),
      ConsistentRead: true,
    }),
  );
  const item = current.Item;
  const tick = moveCondition('pending', 'scheduler');
  if (!item || !Object.values(tick.values).includes(item.status)) return undefined;
  const runs = typeof item.totalRuns === 'number' ? item.totalRuns : 0;
  // One more than the current job's number (a cancelled or paused-for-good job keeps its number).
  const run = Math.max(runOfJob(item.jobId as string | undefined), runs) + 1;
  const jobId = jobIdOfRun(automationId, run);
  // Each job's segments count from 0: a message names its job, so no older job's message can claim it.
  const segment = 0;
  const at = now.toISOString();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.automation(userId, automationId),
              UpdateExpression:
                'SET #status = :pending, jobId = :jobId, jobCreatedAt = :at, jobTrigger = :trigger, ' +
                'queuedSegment = :segment, message = :message, ' +
                'updatedAt = :at, gsi2pk = :waiting, gsi2sk = :sort, gsi1pk = :unsent, gsi1sk = :unsentSort ' +
                `REMOVE waitUntil, errorMessage, completedAt, sendAt, ${LEGACY_LIVE_FIELDS.join(', ')}`,
              ConditionExpression: `${tick.expression} AND totalRuns = :runs`,
              ExpressionAttributeNames: tick.names,
              ExpressionAttributeValues: {
                ...tick.values,
                ':pending': 'pending',
                ':jobId': jobId,
                ':trigger': start.trigger,
                ':segment': segment,
                ':message': start.message,
                ':at': at,
                ':waiting': keys.runQueue.waiting,
                ':sort': keys.runQueueSort(at, userId, automationId),
                // On the unsent index: the run dispatch sends the job's first message.
                ':unsent': keys.unsentAutomations.pk,
                ':unsentSort': keys.unsentAutomationSort(at, userId, automationId),
                ':runs': runs,
              },
            },
          },
          newJobPut({
            userId,
            id: jobId,
            automationId,
            run,
            trigger: start.trigger,
            templateId: item.templateId as string,
            name: item.displayName as string,
            platform: item.platform as Platform,
            createdAt: at,
            message: start.message,
          }),
        ],
      }),
    );
  } catch (error) {
    if (
      cancellationCodes(error)?.some(
        (code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict',
      )
    )
      return undefined;
    throw error;
  }
  return { jobId, segment };
}
