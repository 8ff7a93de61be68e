import { randomUUID } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { jobIdOfRun, runOfJob } from '../../../shared/automations-values';
import type { Platform } from '../../../shared/platforms';
import { dynamo, tableName } from '../../core/clients/dynamo';
import { cancellationCodes, isConditionalCheckFailure } from '../../core/dynamo-errors';
import { keys } from '../../core/table';
import { newJobPut } from '../job-repository';
import { moveCondition } from './job-moves';
import type { Lease } from './run-state-repository';

/**
 * How a job is taken: a segment claimed under a new lease (every later write is fenced by it in
 * run-repository.ts), or a recurring automation's next job started by its tick.
 */

/**
 * What a claim found: the segment is ours; or another lease still holds this very segment (a live worker,
 * or one that stopped without letting go, as a crash or a Ctrl-C leaves it) until `until`; or the message
 * is refused for good (a duplicate of a done segment, an older message, a job paused, finished or gone).
 */
export type Claim =
  | { kind: 'claimed'; lease: Lease; item: Record<string, unknown> }
  | { kind: 'held'; until: Date }
  | { kind: 'refused' };

/**
 * Claims segment `segment` of a job: pending or running to running, only when no newer segment ran
 * and no live lease holds this one.
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
  // The lifecycle's claim (pending to running), or a later segment of a job that already runs.
  const claim = moveCondition('running', 'engine', { orStay: true });
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.automation(input.userId, input.automationId),
        UpdateExpression:
          'SET #status = :running, runSegment = :segment, leaseToken = :token, leaseUntil = :until, ' +
          'startedAt = if_not_exists(startedAt, :at), updatedAt = :at, gsi2pk = :queue, gsi2sk = :queueSort',
        // The same segment again only while it was not handed over to the next one (a retry, or a
        // take-over after a crash); a copy of a segment that already continued claims nothing.
        ConditionExpression:
          `attribute_exists(pk) AND ${claim.expression} AND jobId = :jobId AND ` +
          '(attribute_not_exists(runSegment) OR runSegment < :segment OR (runSegment = :segment AND ' +
          'leaseUntil < :at AND (attribute_not_exists(queuedSegment) OR queuedSegment <= :segment)))',
        ExpressionAttributeNames: claim.names,
        ExpressionAttributeValues: {
          ...claim.values,
          ':running': 'running',
          ':segment': input.segment,
          ':jobId': input.jobId,
          ':token': token,
          ':until': new Date(input.now.getTime() + input.leaseMs).toISOString(),
          ':at': at,
          ':queue': keys.runQueue.running,
          ':queueSort': keys.runQueueSort(at, input.userId, input.automationId),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return {
      kind: 'claimed',
      lease: {
        userId: input.userId,
        automationId: input.automationId,
        token,
        segment: input.segment,
        until: new Date(input.now.getTime() + input.leaseMs),
      },
      item: out.Attributes ?? {},
    };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const found = (error as { Item?: Record<string, AttributeValue> }).Item;
    const old = found ? unmarshall(found) : undefined;
    const held =
      old?.status === 'running' &&
      old.runSegment === input.segment &&
      typeof old.leaseUntil === 'string' &&
      old.leaseUntil >= at;
    return held ? { kind: 'held', until: new Date(old.leaseUntil as string) } : { kind: 'refused' };
  }
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
  const segment = (typeof item.runSegment === 'number' ? item.runSegment : -1) + 1;
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
                'queuedSegment = :segment, progress = :zero, stage = :stage, message = :message, ' +
                'completedTasks = :zero, totalTasks = :zero, successTasks = :zero, failedTasks = :zero, ' +
                'updatedAt = :at, gsi2pk = :waiting, gsi2sk = :sort, gsi1pk = :unsent, gsi1sk = :unsentSort ' +
                'REMOVE runCursor, runCounters, report, forecast, enrichment, waitUntil, errorMessage, completedAt, ' +
                'startedAt, stageHistory, sendAt',
              ConditionExpression: `${tick.expression} AND totalRuns = :runs`,
              ExpressionAttributeNames: tick.names,
              ExpressionAttributeValues: {
                ...tick.values,
                ':pending': 'pending',
                ':jobId': jobId,
                ':trigger': start.trigger,
                ':segment': segment,
                ':zero': 0,
                ':stage': 'queued',
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
