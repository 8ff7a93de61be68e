import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients/dynamo';
import { isConditionalCheckFailure } from './dynamo-errors';
import { RateLimitedError } from './errors';
import { expiresAfter, keys } from './table';

/**
 * Sliding-window counters in DynamoDB, so every Lambda instance sees the same count, and a limit holds
 * in ANY span of a window's length: fixed windows let about twice a limit through across a boundary
 * (the limit just before it, the limit again just after).
 *
 * A window is cut into BUCKETS buckets; an attempt adds one to its bucket and is measured against every
 * bucket that overlaps the window ending now, the oldest counted whole. That count is never less than
 * the exact count of the last window-length span, so the limit always holds; the price is that an old
 * attempt may count up to one bucket (a fifteenth of the window) longer than exactly. Unlike a log of
 * every attempt, a count reads at most BUCKETS + 1 small items however many attempts a flood sends.
 */
export interface RateRule {
  /** What is counted, e.g. `login-fail:email:ada@example.com`. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

/** A window's buckets: 60 s each in a 15-minute window, 4 minutes in an hour. */
export const BUCKETS = 15;

export const bucketSeconds = (rule: RateRule): number => Math.ceil(rule.windowSeconds / BUCKETS);

/** The start (epoch seconds) of the bucket `now` falls in. */
export const bucketStart = (rule: RateRule, now: number): number => {
  const size = bucketSeconds(rule);
  return Math.floor(now / 1000 / size) * size;
};

/** The start of the oldest bucket still counted at `now`: the one holding the window's first second. */
export const oldestCountedBucket = (rule: RateRule, now: number): number =>
  bucketStart(rule, now) - bucketSeconds(rule) * BUCKETS;

export interface Bucket {
  start: number;
  count: number;
}

/** What an attempt finds: the count of the window ending now, this attempt included. */
export interface RateCount {
  count: number;
  /** When an attempt made after this one would be within the limit again (seconds from now, at least 1). */
  retryAfterSeconds: number;
}

/**
 * The window's count from its buckets, and how long until enough of the oldest ones drop out of it for
 * one more attempt to be within the limit. Pure, so its arithmetic is tested without a table.
 */
export function slidingCount(rule: RateRule, buckets: readonly Bucket[], now: number): RateCount {
  const oldest = oldestCountedBucket(rule, now);
  const counted = buckets.filter((b) => b.start >= oldest).sort((a, b) => a.start - b.start);
  const count = counted.reduce((sum, b) => sum + b.count, 0);
  // A bucket leaves the count when the current bucket's start passes it by a window and a bucket.
  const leaves = (b: Bucket) => b.start + bucketSeconds(rule) * (BUCKETS + 1);
  const nowSeconds = now / 1000;
  let remaining = count;
  let freeAt = nowSeconds;
  for (const bucket of counted) {
    if (remaining + 1 <= rule.limit) break;
    remaining -= bucket.count;
    freeAt = leaves(bucket);
  }
  return { count, retryAfterSeconds: Math.max(1, Math.ceil(freeAt - nowSeconds)) };
}

/**
 * Counts one more in the rule's current bucket and answers the window's count, this one included. The
 * current bucket's count comes from the atomic add itself, so of attempts sent at once each gets its own
 * place in line and exactly the limit passes; the earlier buckets no longer change and are read beside it.
 */
export async function record(rule: RateRule, now = Date.now()): Promise<RateCount> {
  const start = bucketStart(rule, now);
  const current = keys.rateBucket(rule.subject, start);
  const oldest = keys.rateBucket(rule.subject, oldestCountedBucket(rule, now));
  const previous = keys.rateBucket(rule.subject, start - bucketSeconds(rule));
  const [added, read] = await Promise.all([
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: current,
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          // Counted for a window and a bucket after it starts; TTL deletion is lazy, the query bounds it.
          ':expires': expiresAfter(rule.windowSeconds + 2 * bucketSeconds(rule), start * 1000),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
    dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        // Zero-padded bucket starts sort as times; the current bucket's own count is the add's answer.
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :oldest AND :previous',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':pk': current.pk, ':oldest': oldest.sk, ':previous': previous.sk },
        ProjectionExpression: 'sk, #count',
        // The previous bucket may have been added to a millisecond ago, across the boundary.
        ConsistentRead: true,
      }),
    ),
  ]);
  const buckets = (read.Items ?? []).map((item) => ({
    start: Number(item.sk),
    count: Number(item.count ?? 0),
  }));
  buckets.push({ start, count: Number(added.Attributes?.count ?? 1) });
  return slidingCount(rule, buckets, now);
}

/** Gives back what `record` counted (a sign-in that turned out right must not count as a failure). */
export async function release(rules: RateRule[], now = Date.now()): Promise<void> {
  await Promise.all(
    rules.map((rule) =>
      dynamo()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.rateBucket(rule.subject, bucketStart(rule, now)),
            UpdateExpression: 'ADD #count :minusOne',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':minusOne': -1 },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) throw error;
        }),
    ),
  );
}

/** Refuses with 429 (and when to try again) when a count is over its rule's limit. */
export function refuseOver(rules: RateRule[], counts: RateCount[], message: string): void {
  const hit = rules.findIndex((rule, i) => counts[i]!.count > rule.limit);
  if (hit >= 0) throw new RateLimitedError(message, counts[hit]!.retryAfterSeconds);
}

/** Counts one more and refuses with 429 when that goes over a limit (for actions that always count). */
export async function take(rules: RateRule[], message: string, now = Date.now()): Promise<void> {
  const counts = await Promise.all(rules.map((rule) => record(rule, now)));
  refuseOver(rules, counts, message);
}
