import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';

/**
 * A user's monthly profile usage (DECISIONS 22, access pattern 29): one counter per calendar month
 * (UTC), in a partition of its own beside the user. A reservation adds only while the total stays
 * within the plan's limit, in one conditional update, so two jobs of one user never pass it together.
 */
export const usageMonth = (now: Date): string => now.toISOString().slice(0, 7);

export async function monthlyUsage(userId: string, month: string): Promise<number> {
  const out = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.monthlyUsage(userId, month) }),
  );
  return typeof out.Item?.used === 'number' ? out.Item.used : 0;
}

/** Reserves up to `wanted` profiles of the month's allowance; answers how many it got (0 when used up). */
export async function reserveProfiles(
  userId: string,
  month: string,
  wanted: number,
  limit: number,
): Promise<number> {
  let ask = wanted;
  for (let attempt = 0; attempt < 5 && ask > 0; attempt++) {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.monthlyUsage(userId, month),
          UpdateExpression: 'SET used = if_not_exists(used, :zero) + :n',
          ConditionExpression: 'attribute_not_exists(used) OR used <= :most',
          ExpressionAttributeValues: { ':zero': 0, ':n': ask, ':most': limit - ask },
        }),
      );
      return ask;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // Not that much left: ask for what is left now (another job may take it first; then ask again).
      ask = Math.min(ask, Math.max(0, limit - (await monthlyUsage(userId, month))));
    }
  }
  return 0;
}

/** Gives back a reservation that was not used (profiles reserved, then not stored). */
export async function releaseProfiles(userId: string, month: string, count: number): Promise<void> {
  if (count <= 0) return;
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.monthlyUsage(userId, month),
        UpdateExpression: 'SET used = used - :n',
        ConditionExpression: 'used >= :n',
        ExpressionAttributeValues: { ':n': count },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}
