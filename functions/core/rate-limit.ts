import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients/dynamo';
import { isConditionalCheckFailure } from './dynamo-errors';
import { RateLimitedError } from './errors';
import { expiresAfter, keys } from './table';

/**
 * Fixed-window counters in DynamoDB, so every Lambda instance sees the same count. A window's item
 * expires (TTL) after the window; `expiresAt` is also checked because TTL deletion is lazy.
 */
export interface RateRule {
  /** What is counted, e.g. `login-fail:email:ada@example.com`. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

const windowStart = (rule: RateRule, now: number) =>
  Math.floor(now / 1000 / rule.windowSeconds) * rule.windowSeconds;

/** Counts one more in the rule's current window and answers the window's count, this one included. */
export async function record(rule: RateRule, now = Date.now()): Promise<number> {
  const start = windowStart(rule, now);
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateWindow(rule.subject, start),
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':expires': expiresAfter(rule.windowSeconds * 2, start * 1000),
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.count ?? 1);
}

/** Gives back what `take` counted (a sign-in that turned out right must not count as a failure). */
export async function release(rules: RateRule[], now = Date.now()): Promise<void> {
  await Promise.all(
    rules.map((rule) =>
      dynamo()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.rateWindow(rule.subject, windowStart(rule, now)),
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

/** Refuses with 429 (and the seconds left of the window) when a count is over its rule's limit. */
export function refuseOver(rules: RateRule[], counts: number[], message: string, now = Date.now()): void {
  const hit = rules.findIndex((rule, i) => counts[i]! > rule.limit);
  if (hit >= 0) {
    const rule = rules[hit]!;
    throw new RateLimitedError(
      message,
      rule.windowSeconds - (Math.floor(now / 1000) - windowStart(rule, now)),
    );
  }
}

/** Counts one more and refuses with 429 when that goes over a limit (for actions that always count). */
export async function take(rules: RateRule[], message: string, now = Date.now()): Promise<void> {
  const counts = await Promise.all(rules.map((rule) => record(rule, now)));
  refuseOver(rules, counts, message, now);
}
