import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';

/**
 * Marks a connected account as warmed up (issue 23 point 3): its first write action a month ago, so its
 * budgets are the full ones. For tests about the budgets themselves, not about the ramp.
 */
export async function markWarmedUp(account: { workspaceId: string; connectionId: string }): Promise<void> {
  const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.warmUp(account.workspaceId, account.connectionId), startedAt: monthAgo },
    }),
  );
}
