import { randomUUID } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { queues } from '../core/queues';
import { expiresAfter, keys } from '../core/table';

/**
 * A mail job is done at most once (core/table.ts pattern 52), although SQS delivers at least once: a
 * message handed out again, or a job whose send the SDK retried, has the same job id. Before it does
 * anything, the mail worker claims the job with a conditional write: 'sending' under a lock, then 'sent'.
 * A send that fails lets go of its claim, so the queue's retry sends it. The lock lasts the worker's whole
 * timeout, so it outlives the invocation that took it, and the mail queue's visibility timeout is longer
 * still: a worker that dies mid-send leaves a lock that has run out when the message comes back.
 */
export const MAIL_SEND_LOCK_MS = queues.mail.consumerTimeoutSeconds * 1000;
/**
 * How long a done job is remembered: longer than the mail queue keeps a message, so no copy of it can
 * come after. A lock left by a message that went to the DLQ goes the same way.
 */
const KEEP_SECONDS = 2 * 24 * 3600;

export type MailSendClaim =
  | { kind: 'claimed'; jobId: string; token: string }
  /** An earlier delivery did the job. */
  | { kind: 'sent' }
  /** Another delivery holds the job's lock right now. */
  | { kind: 'sending' };

export async function claimMailSend(jobId: string, now: Date): Promise<MailSendClaim> {
  const token = randomUUID();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.mailJob(jobId),
          type: 'MailJob',
          status: 'sending',
          lockToken: token,
          lockedUntil: new Date(now.getTime() + MAIL_SEND_LOCK_MS).toISOString(),
          expiresAt: expiresAfter(KEEP_SECONDS, now.getTime()),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :sending AND lockedUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':now': now.toISOString() },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'claimed', jobId, token };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const found = (error as { Item?: Record<string, AttributeValue> }).Item;
    return found && unmarshall(found).status === 'sent' ? { kind: 'sent' } : { kind: 'sending' };
  }
}

/** The job is done: every later delivery of it is acknowledged without a send. */
export async function markMailSent(claim: { jobId: string; token: string }, now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.mailJob(claim.jobId),
      UpdateExpression: 'SET #status = :sent, sentAt = :at REMOVE lockToken, lockedUntil',
      // Only under this delivery's own lock (a lock that ran out may be another delivery's by now).
      ConditionExpression: 'lockToken = :token',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':at': now.toISOString(), ':token': claim.token },
    }),
  );
}

/** The send failed: the claim goes, so the queue's retry of the job may claim it at once. */
export async function releaseMailSend(claim: { jobId: string; token: string }): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.mailJob(claim.jobId),
        ConditionExpression: 'lockToken = :token',
        ExpressionAttributeValues: { ':token': claim.token },
      }),
    );
  } catch (error) {
    // Its lock ran out and another delivery holds the job: that one's claim stays.
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
