import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import type { TestUser } from './api-client';

/** Moves a session's sign-in time back, as if the user had signed in `seconds` ago. */
export async function signedInAgo(user: TestUser, seconds: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.session(user.id, user.sessionId),
      UpdateExpression: 'SET createdAt = :at',
      ExpressionAttributeValues: { ':at': new Date(Date.now() - seconds * 1000).toISOString() },
    }),
  );
}
