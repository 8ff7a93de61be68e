import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';

/** A job of the user as the start route stores it (a one-off trob: the automation is the job). */
export async function storeJob(
  userId: string,
  jobId: string,
  fields: Record<string, unknown> = {},
): Promise<void> {
  const at = new Date().toISOString();
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.automation(userId, jobId),
        type: 'automation',
        id: jobId,
        jobId,
        userId,
        templateId: 'linkedin-follower-extractor',
        displayName: 'Stored by the test',
        platform: 'linkedin',
        status: 'running',
        config: {},
        createdAt: at,
        updatedAt: at,
        ...fields,
      },
    }),
  );
}
