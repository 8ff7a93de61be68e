import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';
import type { StoredAutomation } from '../jobs/automation-item';
import { automationWithJob, currentJobOf, readLiveJob, withCurrentJobs } from '../jobs/job-state';

/**
 * Flows under their owner. A flow is an automation item of kind 'flow' (access patterns 19 and 20), so
 * the run engine claims, checkpoints and ends its jobs as it does a recurring trob's; its status and its
 * runs' state are written by functions/jobs/ only. These are the reads, each flow with its current run's
 * progress (automationWithJob).
 */
export type StoredFlow = StoredAutomation & { kind: 'flow' };

const isFlow = (item: unknown): item is StoredFlow =>
  (item as { kind?: unknown } | undefined)?.kind === 'flow';

/** Every flow of the user, newest first. */
export async function listFlows(
  userId: string,
  options: { consistent?: boolean } = {},
): Promise<StoredFlow[]> {
  const { pk, skPrefix } = keys.automationsPrefix(userId);
  const out: StoredFlow[] = [];
  for await (const item of queryByPrefix(pk, skPrefix, options)) if (isFlow(item)) out.push(item);
  // Each shows its current run's progress, held on the run's item.
  return (await withCurrentJobs(out)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** One flow of the user; undefined for a missing one, another user's or a trob's automation. */
export async function findFlow(userId: string, id: string): Promise<StoredFlow | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.automation(userId, id), ConsistentRead: true }),
  );
  return isFlow(out.Item) ? withItsRun(out.Item) : undefined;
}

/** A flow with its current run's progress, held on the run's item (functions/jobs/job-state.ts). */
async function withItsRun(flow: StoredFlow): Promise<StoredFlow> {
  return automationWithJob(flow, await readLiveJob(flow.userId, currentJobOf(flow)));
}

/**
 * Gives a flow another name (issue 36 point 7) and answers it as stored; undefined when there is no
 * such flow. The name only: the status and the run are the engine's.
 */
export async function renameFlow(
  userId: string,
  flowId: string,
  name: string,
  at: string,
): Promise<StoredFlow | undefined> {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.automation(userId, flowId),
        UpdateExpression: 'SET displayName = :name, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND #kind = :flow',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':name': name, ':at': at, ':flow': 'flow' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return isFlow(out.Attributes) ? withItsRun(out.Attributes) : undefined;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** A flow's totals (the Flow's prospect tracking), each an attribute of its own. */
export const FLOW_TOTALS = [
  'prospectsFound',
  'connectionRequests',
  'connectionsAccepted',
  'connectionsDeclined',
  'messagesSent',
  'engagements',
] as const;
export type FlowTotal = (typeof FLOW_TOTALS)[number];

/**
 * Adds to one of a flow's totals, atomically and in an attribute of its own, so the job's checkpoints
 * (which write other attributes) never overwrite it.
 */
export async function addToFlowTotal(
  userId: string,
  flowId: string,
  total: FlowTotal,
  n: number,
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.automation(userId, flowId),
      UpdateExpression: 'ADD #total :n',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#total': total },
      ExpressionAttributeValues: { ':n': n },
    }),
  );
}

/** Sets a flow's review mode (issue 23) in its stored config: false when there is no such flow. */
export async function setFlowReviewMode(userId: string, flowId: string, mode: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.automation(userId, flowId),
        UpdateExpression: 'SET #config.#messaging.#mode = :mode',
        ConditionExpression: 'attribute_exists(pk) AND #kind = :flow',
        ExpressionAttributeNames: {
          '#config': 'config',
          '#messaging': 'messagingSettings',
          '#mode': 'reviewMode',
          '#kind': 'kind',
        },
        ExpressionAttributeValues: { ':mode': mode, ':flow': 'flow' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
