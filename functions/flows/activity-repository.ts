import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';

/**
 * A flow's activities (spec section 3, Activity; access pattern 38): what its runs did to whom, newest
 * first, for the activity feed and the analytics of issue 21. One item per thing done, written when it
 * is done (a write once it is verified, an answer once it is read), so a retried run adds none twice.
 */
export const ACTIVITY_TYPES = [
  'CONNECTION_SENT',
  'CONNECTION_ACCEPTED',
  'CONNECTION_DECLINED',
  'POST_LIKED',
  'POST_COMMENTED',
  'MESSAGE_SENT',
  'PROFILE_VIEWED',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface StoredActivity {
  /** Unique within the flow: the write's idempotency key, or the step and the person. */
  id: string;
  type: ActivityType;
  wasSuccessful: boolean;
  timestamp: string;
  /** The run's stage that did it ('connecting', 'engaging', 'following-up'). */
  stage: string;
  jobId: string;
  prospect: { id: string; name: string; company?: string; title?: string };
  connection?: { message?: string };
  engagement?: { postText?: string; postUrl?: string; comment?: string };
  errorMessage?: string;
  description: string;
}

/** Records an activity once: a second record of the same id is ignored. */
export async function recordActivity(
  userId: string,
  flowId: string,
  activity: StoredActivity,
): Promise<void> {
  await dynamo()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.flowActivity(userId, flowId, activity.timestamp, activity.id), ...activity },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/** A flow's activities, newest first, one page. */
export async function activitiesOf(userId: string, flowId: string, limit: number): Promise<StoredActivity[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.flowActivitiesPartition(userId, flowId),
        ':prefix': keys.flowActivityPrefix,
      },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map(({ pk: _pk, sk: _sk, ...activity }) => activity as unknown as StoredActivity);
}
