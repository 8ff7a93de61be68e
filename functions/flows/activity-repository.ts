import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityType } from '../../shared/flow-insights';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isItemConditionFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';
import { activityCount, countUpdates, flowDayOf } from './flow-count-repository';

/**
 * A flow's activities (spec section 3, Activity; access pattern 38): what its runs did to whom, newest
 * first, for the activity feed and the analytics of issue 21. One item per thing done, written when it
 * is done (a write once it is verified, an answer once it is read), so a retried run adds none twice.
 */
export { ACTIVITY_TYPES, type ActivityType } from '../../shared/flow-insights';

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

/** What a prospect's page keeps of an activity about them (their timeline and engagements). */
export interface ProspectEvent {
  type: ActivityType;
  timestamp: string;
  wasSuccessful: boolean;
  description: string;
  message?: string;
  /** The post a like or comment answered (its recent posts show it liked or commented). */
  postId?: string;
  postText?: string;
  postUrl?: string;
  comment?: string;
}

/** A like's or comment's id is its write's key, which names the post: 'like:<post>', 'comment:<post>'. */
const ENGAGEMENT_KEY = /^(?:like|comment):(.+)$/;

function eventOf(activity: StoredActivity): ProspectEvent {
  const { type, timestamp, wasSuccessful, description, connection, engagement } = activity;
  const postId =
    type === 'POST_LIKED' || type === 'POST_COMMENTED' ? ENGAGEMENT_KEY.exec(activity.id)?.[1] : undefined;
  return {
    type,
    timestamp,
    wasSuccessful,
    description,
    ...(connection?.message ? { message: connection.message } : {}),
    ...(postId ? { postId } : {}),
    ...(engagement?.postText ? { postText: engagement.postText } : {}),
    ...(engagement?.postUrl ? { postUrl: engagement.postUrl } : {}),
    ...(engagement?.comment ? { comment: engagement.comment } : {}),
  };
}

/** What the feed's search looks in: the prospect's name, company and title, and the description. */
export const activitySearchText = (activity: StoredActivity): string =>
  [activity.prospect.name, activity.prospect.company, activity.prospect.title, activity.description]
    .filter(Boolean)
    .join(' \n ')
    .toLowerCase();

/**
 * Records an activity once (a second record of the same id and time is ignored), in one transaction
 * with the flow's counts of its day and of all time (flow-count-repository.ts) and the prospect's own timeline,
 * so the feed, the analytics and the prospect's page never disagree. `timeZone` is the flow's.
 */
export async function recordActivity(
  userId: string,
  flowId: string,
  activity: StoredActivity,
  timeZone = 'UTC',
): Promise<void> {
  const day = flowDayOf(new Date(activity.timestamp), timeZone);
  const put = {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.flowActivity(userId, flowId, activity.timestamp, activity.id),
        ...activity,
        searchText: activitySearchText(activity),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const counts = countUpdates(userId, flowId, day, {
    [activityCount(activity.type, activity.wasSuccessful)]: 1,
  });
  const timeline = {
    Update: {
      TableName: tableName(),
      Key: keys.prospect(userId, flowId, activity.prospect.id),
      UpdateExpression: 'SET events = list_append(if_not_exists(events, :none), :event)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':none': [], ':event': [eventOf(activity)] },
    },
  };
  const write = (items: object[]) =>
    dynamo().send(new TransactWriteCommand({ TransactItems: items as never }));
  try {
    await write([put, ...counts, timeline]);
  } catch (error) {
    if (isItemConditionFailure(error, 0)) return;
    // Not a prospect of this flow (never expected): the activity and its counts still count.
    if (!isItemConditionFailure(error, counts.length + 1)) throw error;
    await write([put, ...counts]).catch((again: unknown) => {
      if (!isItemConditionFailure(again, 0)) throw again;
    });
  }
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
