import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewItem, TextOrigin } from '../../shared/review';
import { dynamo, tableName } from '../core/clients/dynamo';
import { cancellationCodes } from '../core/dynamo-errors';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';
import type { LedgerAccount } from './contact-ledger-repository';
import { findWrite, type WriteRecord, type WriteTarget } from './write-ledger-repository';

/**
 * A flow's review queue (issue 23 point 1; access patterns 50 and 51). The write record in the
 * account's contact ledger stays the one truth of whether a write may go (`approved`, its status);
 * beside it, in the flow's partition, a review entry holds what the review screen shows (the prospect,
 * the score and reason, the post) and where the write lives. The two are written together in one
 * transaction, so an intent never waits without its entry nor an entry outlives its decision.
 *  - waiting: recorded by a run, the write unapproved;
 *  - approved: the user approved it (the write approved, with the edited text); the flow's next run
 *    sends it and deletes the entry;
 *  - a skip or the expiry settles the write ('skipped', 'expired') and deletes the entry.
 */
export interface ReviewEntry extends Omit<ReviewItem, 'expiresAt'> {
  flowId: string;
  /** The connected account whose ledger holds the write. */
  connectionId: string;
  state: 'waiting' | 'approved';
  /** The person and post a run needs to send it once approved. */
  target: WriteTarget;
}

type IntentFields = Pick<WriteRecord, 'key' | 'kind' | 'personId' | 'flowId' | 'jobId' | 'text' | 'target'>;

/**
 * Records an intent that waits for review, with its queue entry: answers the write as stored (the
 * new one, or the one an earlier intent of any flow of the account left, whose entry stays as it was).
 */
export async function recordReviewIntent(
  account: LedgerAccount,
  write: IntentFields,
  entry: ReviewEntry,
  at: string,
): Promise<{ fresh: boolean; record: WriteRecord }> {
  const record: WriteRecord = { ...write, status: 'intent', approved: false, createdAt: at, updatedAt: at };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.ledgerWrite(account.workspaceId, account.connectionId, write.key), ...record },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.reviewItem(account.workspaceId, entry.flowId, write.key), ...entry },
            },
          },
        ],
      }),
    );
    return { fresh: true, record };
  } catch (error) {
    if (!cancellationCodes(error)?.includes('ConditionalCheckFailed')) throw error;
    const existing = await findWrite(account, write.key);
    if (!existing) throw new Error(`The write ${write.key} was neither stored nor found`);
    return { fresh: false, record: existing };
  }
}

/** Every entry of the flow's queue, waiting and approved. */
export async function reviewEntries(userId: string, flowId: string): Promise<ReviewEntry[]> {
  const out: ReviewEntry[] = [];
  const pk = keys.reviewItem(userId, flowId, '').pk;
  for await (const item of queryByPrefix(pk, keys.reviewItemPrefix, { consistent: true })) {
    const { pk: _pk, sk: _sk, ...entry } = item;
    out.push(entry as unknown as ReviewEntry);
  }
  return out;
}

export async function findReviewEntry(
  userId: string,
  flowId: string,
  key: string,
): Promise<ReviewEntry | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.reviewItem(userId, flowId, key),
      ConsistentRead: true,
    }),
  );
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, ...entry } = out.Item;
  return entry as unknown as ReviewEntry;
}

const ledgerKey = (userId: string, entry: ReviewEntry) =>
  keys.ledgerWrite(userId, entry.connectionId, entry.key);

/** The write may still be decided: an intent nobody approved, created after `notBefore` (not expired). */
const UNDECIDED = '#status = :intent AND approved = :no AND createdAt > :notBefore';

/**
 * Approves a waiting intent, with the user's text when they edited it: false when it was decided,
 * sent or expired meanwhile (nothing changed then).
 */
export async function approveEntry(
  userId: string,
  entry: ReviewEntry,
  decision: { text?: string; origin: TextOrigin; at: string; notBefore: string },
): Promise<boolean> {
  const { text, origin, at, notBefore } = decision;
  return transactIfUndecided([
    {
      Update: {
        TableName: tableName(),
        Key: ledgerKey(userId, entry),
        UpdateExpression: `SET approved = :yes, origin = :origin, updatedAt = :at${text !== undefined ? ', #text = :text' : ''}`,
        ConditionExpression: UNDECIDED,
        ExpressionAttributeNames: { '#status': 'status', ...(text !== undefined ? { '#text': 'text' } : {}) },
        ExpressionAttributeValues: {
          ':yes': true,
          ':no': false,
          ':intent': 'intent',
          ':origin': origin,
          ':at': at,
          ':notBefore': notBefore,
          ...(text !== undefined ? { ':text': text } : {}),
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.reviewItem(userId, entry.flowId, entry.key),
        UpdateExpression: `SET #state = :approved${text !== undefined ? ', #text = :text' : ''}`,
        ConditionExpression: '#state = :waiting',
        ExpressionAttributeNames: { '#state': 'state', ...(text !== undefined ? { '#text': 'text' } : {}) },
        ExpressionAttributeValues: {
          ':approved': 'approved',
          ':waiting': 'waiting',
          ...(text !== undefined ? { ':text': text } : {}),
        },
      },
    },
  ]);
}

/**
 * Settles a waiting intent without sending it: 'skipped' by the user, 'expired' after 7 days. False
 * when it was decided or sent meanwhile. `notBefore` keeps a skip from settling an expired one as
 * skipped (the expiry has its own, with no bound).
 */
export async function settleEntry(
  userId: string,
  entry: ReviewEntry,
  to: 'skipped' | 'expired',
  at: string,
  notBefore = '',
): Promise<boolean> {
  return transactIfUndecided([
    {
      Update: {
        TableName: tableName(),
        Key: ledgerKey(userId, entry),
        UpdateExpression: 'SET #status = :to, updatedAt = :at',
        ConditionExpression: UNDECIDED,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':at': at,
          ':intent': 'intent',
          ':no': false,
          ':notBefore': notBefore,
        },
      },
    },
    { Delete: { TableName: tableName(), Key: keys.reviewItem(userId, entry.flowId, entry.key) } },
  ]);
}

/**
 * Settles as 'expired' every entry of a stopped flow's queue whose write no run has taken, waiting or
 * approved: a stopped flow never runs again, so none of them can go, and an unsettled note would hold
 * its place in a free account's month (`notesUsedSince`). Answers how many it settled.
 */
export async function closeReviewQueue(userId: string, flowId: string, at: string): Promise<number> {
  let closed = 0;
  for (const entry of await reviewEntries(userId, flowId)) {
    const settled = await transactIfUndecided([
      {
        Update: {
          TableName: tableName(),
          Key: ledgerKey(userId, entry),
          UpdateExpression: 'SET #status = :expired, updatedAt = :at',
          ConditionExpression: '#status = :intent',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':expired': 'expired', ':intent': 'intent', ':at': at },
        },
      },
      { Delete: { TableName: tableName(), Key: keys.reviewItem(userId, flowId, entry.key) } },
    ]);
    if (settled) closed++;
  }
  if (closed > 0)
    await countDecisions(userId, flowId, {
      approved: 0,
      edited: 0,
      skipped: 0,
      expired: closed,
      streak: { add: 0 },
    });
  return closed;
}

/** Another transaction on the same items at once (a run sending it, a second tab): tried again. */
const CONFLICT_ATTEMPTS = 3;

async function transactIfUndecided(
  items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.includes('ConditionalCheckFailed')) return false;
      if (!codes?.includes('TransactionConflict') || attempt >= CONFLICT_ATTEMPTS) throw error;
    }
  }
}

/** Deletes an entry whose write the run settled (sent, refused, found settled). */
export async function removeReviewEntry(userId: string, flowId: string, key: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.reviewItem(userId, flowId, key) }),
  );
}

export interface ReviewCounts {
  /** Approvals in a row without an edit. */
  streak: number;
  approved: number;
  edited: number;
  skipped: number;
  expired: number;
}

export async function readReviewCounts(userId: string, flowId: string): Promise<ReviewCounts> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.reviewState(userId, flowId), ConsistentRead: true }),
  );
  return countsOf(out.Item);
}

/**
 * Counts decisions. `streak` adds the approvals as written to the streak, or sets it where a batch
 * had an edit (to the approvals as written after its last edit).
 */
export async function countDecisions(
  userId: string,
  flowId: string,
  counts: Omit<ReviewCounts, 'streak'> & { streak: { add: number } | { set: number } },
): Promise<ReviewCounts> {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const adds: string[] = [];
  for (const name of ['approved', 'edited', 'skipped', 'expired'] as const) {
    if (counts[name] <= 0) continue;
    names[`#${name}`] = name;
    values[`:${name}`] = counts[name];
    adds.push(`#${name} :${name}`);
  }
  let set = '';
  if ('set' in counts.streak) {
    names['#streak'] = 'streak';
    values[':streak'] = counts.streak.set;
    set = 'SET #streak = :streak';
  } else if (counts.streak.add > 0) {
    names['#streak'] = 'streak';
    values[':streak'] = counts.streak.add;
    adds.push('#streak :streak');
  }
  if (adds.length === 0 && !set) return readReviewCounts(userId, flowId);
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.reviewState(userId, flowId),
      UpdateExpression: [adds.length ? `ADD ${adds.join(', ')}` : '', set].filter(Boolean).join(' '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return countsOf(out.Attributes);
}

function countsOf(item: Record<string, unknown> | undefined): ReviewCounts {
  const counts = (item ?? {}) as Partial<ReviewCounts>;
  return {
    streak: counts.streak ?? 0,
    approved: counts.approved ?? 0,
    edited: counts.edited ?? 0,
    skipped: counts.skipped ?? 0,
    expired: counts.expired ?? 0,
  };
}
