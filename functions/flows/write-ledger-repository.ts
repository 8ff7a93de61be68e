import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TextOrigin } from '../../shared/review';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';
import type { LedgerAccount } from './contact-ledger-repository';

/**
 * The writes of a connected account's contact ledger (issue 20 point 6; access pattern 35): one record
 * per write to the platform, keyed by its idempotency key ('invite:<person>', 'like:<post>', ...),
 * written before the platform is touched and moved only forward:
 * intent -> taken (the governor said yes) -> performing (under a lease) -> done | failed.
 * A key is per account, so a second flow of the account finds the first one's write and never sends
 * it again; the lease keeps two workers of one write apart (a redelivered message, a lost lease). A
 * write taken or performing is open (open-write-repository.ts) until it is settled.
 */
export type WriteKind = 'like' | 'comment' | 'invite' | 'message' | 'withdraw';
/**
 * An intent waiting for review is 'intent' with `approved` false; the user's skip or 7 days without a
 * decision settle it as 'skipped' or 'expired' (issue 23), never sent.
 */
export type WriteStatus = 'intent' | 'taken' | 'performing' | 'done' | 'failed' | 'skipped' | 'expired';
/** The statuses after which a key is never sent again. */
export const SETTLED_STATUSES = ['done', 'failed', 'skipped', 'expired'] as const;
export type SettledStatus = (typeof SETTLED_STATUSES)[number];
export const isSettled = (status: WriteStatus): status is SettledStatus =>
  (SETTLED_STATUSES as readonly string[]).includes(status);

/** The person and post a write answers: enough for whoever settles it later to verify and send it. */
export interface WriteTarget {
  person: { id: string; name: string; profileUrl: string };
  post?: { id: string; url: string; text: string; authorId: string; postedAt: string };
}

export interface WriteRecord {
  key: string;
  kind: WriteKind;
  personId: string;
  flowId: string;
  jobId: string;
  status: WriteStatus;
  /** The text sent with it (a note, a comment, a message), kept as it was sent. */
  text?: string;
  /** Why a write failed: the platform's refusal, or what the verify read did not show. */
  failure?: string;
  /**
   * False while the intent waits in its flow's review queue (issue 23): nothing claims, takes or
   * performs it until the user approves it.
   */
  approved: boolean;
  /** Where the text came from: approved as written, edited, or autopilot (the analytics' comparison). */
  origin?: TextOrigin;
  /** When it went out to the platform (the first time it was performed): its activity's time. */
  performedAt?: string;
  /** Kept from issue 35 on (older records may lack it): what a later run settles the write with. */
  target?: WriteTarget;
  leaseToken?: string;
  leaseUntil?: string;
  createdAt: string;
  updatedAt: string;
}

export async function findWrite(account: LedgerAccount, key: string): Promise<WriteRecord | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.ledgerWrite(account.workspaceId, account.connectionId, key),
      ConsistentRead: true,
    }),
  );
  return out.Item as WriteRecord | undefined;
}

/**
 * Records the intent of a write, once per key: answers the record as stored, the new one or the one
 * an earlier intent of any flow of the account left.
 */
export async function recordIntent(
  account: LedgerAccount,
  write: Pick<
    WriteRecord,
    'key' | 'kind' | 'personId' | 'flowId' | 'jobId' | 'text' | 'approved' | 'origin' | 'target'
  >,
  at: string,
): Promise<{ fresh: boolean; record: WriteRecord }> {
  const record: WriteRecord = { ...write, status: 'intent', createdAt: at, updatedAt: at };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.ledgerWrite(account.workspaceId, account.connectionId, write.key), ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { fresh: true, record };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const existing = await findWrite(account, write.key);
    if (!existing) throw new Error(`The write ${write.key} was neither stored nor found`);
    return { fresh: false, record: existing };
  }
}

/**
 * Takes the write for this worker: only an unfinished one whose lease is free or over. The status is
 * kept: a write found 'performing' was touched by a worker that stopped, and must be verified first.
 */
export async function claimWrite(
  account: LedgerAccount,
  key: string,
  token: string,
  now: Date,
  leaseMs: number,
): Promise<WriteRecord | undefined> {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.ledgerWrite(account.workspaceId, account.connectionId, key),
        // An open write's place in the index moves with its lease (only an open one is indexed).
        UpdateExpression: 'SET leaseToken = :token, leaseUntil = :until, updatedAt = :at, gsi2sk = :openSort',
        // Never an intent waiting for review: only what the user (or the flow's mode) approved is sent.
        ConditionExpression:
          'attribute_exists(pk) AND approved = :approved AND #status IN (:intent, :taken, :performing) AND ' +
          '(attribute_not_exists(leaseUntil) OR leaseUntil < :at OR leaseToken = :token)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':token': token,
          ':until': until,
          ':at': now.toISOString(),
          ':openSort': keys.openWriteSort(until, account.workspaceId, account.connectionId, key),
          ':intent': 'intent',
          ':taken': 'taken',
          ':performing': 'performing',
          ':approved': true,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as WriteRecord;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Moves a claimed write forward, only while this worker's lease holds it; false when it lost the write
 * (its lease ran out and another worker took it).
 */
export async function moveWrite(
  account: LedgerAccount,
  key: string,
  token: string,
  to: Exclude<WriteStatus, 'intent' | 'skipped' | 'expired'>,
  at: string,
  extra: { failure?: string; text?: string; leaseUntil?: string | undefined; performedAt?: string } = {},
): Promise<boolean> {
  const finished = to === 'done' || to === 'failed';
  const { failure, text, leaseUntil, performedAt } = extra;
  // Taken or performing: the write is open (open-write-repository.ts) and found by whoever settles it once its
  // lease is over; settled, it leaves the index.
  const open = !finished && leaseUntil !== undefined;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.ledgerWrite(account.workspaceId, account.connectionId, key),
        UpdateExpression: `SET #status = :to, updatedAt = :at${failure ? ', failure = :failure' : ''}${
          text !== undefined ? ', #text = :text' : ''
        }${open ? ', gsi2pk = :open, gsi2sk = :openSort' : ''}${
          performedAt ? ', performedAt = if_not_exists(performedAt, :performedAt)' : ''
        }${finished ? ' REMOVE leaseToken, leaseUntil, gsi2pk, gsi2sk, sweptAt' : ''}`,
        ConditionExpression: 'leaseToken = :token',
        ExpressionAttributeNames: { '#status': 'status', ...(text !== undefined ? { '#text': 'text' } : {}) },
        ExpressionAttributeValues: {
          ':to': to,
          ':at': at,
          ':token': token,
          ...(failure ? { ':failure': failure } : {}),
          ...(text !== undefined ? { ':text': text } : {}),
          ...(performedAt ? { ':performedAt': performedAt } : {}),
          ...(open
            ? {
                ':open': keys.openWrites.pk,
                ':openSort': keys.openWriteSort(leaseUntil, account.workspaceId, account.connectionId, key),
              }
            : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Lets go of a write this worker claimed: before touching the platform (no budget today), or on a throw
 * after. An open write (taken, performing) is due for settling at once (`at`): its lease is over.
 */
export async function releaseWrite(
  account: LedgerAccount,
  key: string,
  token: string,
  at: string,
): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.ledgerWrite(account.workspaceId, account.connectionId, key),
        // The sort key alone indexes nothing: only an open write carries the index's partition key.
        UpdateExpression: 'SET gsi2sk = :due REMOVE leaseToken, leaseUntil',
        ConditionExpression: 'leaseToken = :token',
        ExpressionAttributeValues: {
          ':token': token,
          ':due': keys.openWriteSort(at, account.workspaceId, account.connectionId, key),
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * The notes the account has used since `since`: invitations with a note it sent (done) since then,
 * and every note not settled yet that may still go: approved, going out, or waiting for review since
 * after `waitingSince` (as an approval requires; an older one can no longer be approved). A free
 * LinkedIn account adds a note to 5 a calendar month (DECISIONS 28), whichever flow sends them, so a
 * note drafted for review holds its place: approving them all never asks for more.
 */
export async function notesUsedSince(
  account: LedgerAccount,
  since: string,
  waitingSince: string,
): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :invite)',
        FilterExpression:
          'attribute_exists(#text) AND ((#status = :done AND createdAt >= :since) OR #status IN (:taken, :performing) OR (#status = :intent AND (approved = :yes OR createdAt > :waitingSince)))',
        ExpressionAttributeNames: { '#status': 'status', '#text': 'text' },
        ExpressionAttributeValues: {
          ':pk': keys.ledgerPartition(account.workspaceId, account.connectionId),
          ':invite': 'WRITE#invite:',
          ':done': 'done',
          ':since': since,
          ':intent': 'intent',
          ':taken': 'taken',
          ':performing': 'performing',
          ':yes': true,
          ':waitingSince': waitingSince,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
