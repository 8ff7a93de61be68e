import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients/dynamo';

/**
 * Every item of one partition whose sort key starts with a prefix, page by page. Repositories use it for
 * "all X of a user"; the caller decides how many to read, so a large partition is never loaded at once.
 */
export async function* queryByPrefix(
  pk: string,
  skPrefix: string,
  options: { consistent?: boolean } = {},
): AsyncGenerator<Record<string, unknown>> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        // An empty prefix reads the whole partition (DynamoDB refuses an empty begins_with value).
        KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: skPrefix ? { ':pk': pk, ':prefix': skPrefix } : { ':pk': pk },
        ExclusiveStartKey: cursor,
        ...(options.consistent ? { ConsistentRead: true } : {}),
      }),
    );
    yield* out.Items ?? [];
    cursor = out.LastEvaluatedKey;
  } while (cursor);
}
