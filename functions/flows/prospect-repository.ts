import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';

/**
 * A flow's prospects (spec section 3, Prospect; access patterns 36 and 37): the people its runs
 * discovered, one item per platform person, with what the AI made of them and where the outreach
 * stands. The contact ledger says whether any flow of the account already reached a person; this says
 * what this flow knows of its own.
 */
export type MatchQuality = 'hot' | 'warm' | 'cold';

export interface RelevanceFactor {
  factor: string;
  /** 0 to 1. */
  weight: number;
  detail: string;
}

export interface StoredProspect {
  id: string;
  name: string;
  headline?: string;
  title?: string;
  company?: string;
  location?: string;
  industry?: string;
  profileUrl: string;
  profileImage?: string;
  /** Network distance from the account when found: 1 is already a connection (nothing to invite). */
  distance?: 1 | 2 | 3;
  /** The job that discovered the prospect. */
  jobId: string;
  discoveredAt: string;
  aiScore?: number;
  matchQuality?: MatchQuality;
  matchReason?: string;
  relevanceFactors?: RelevanceFactor[];
  scoredAt?: string;
  /** When a run first visited the person's profile and recent activity. */
  viewedAt?: string;
  /** Their most recent posts as last seen, newest first (at most 3), with what the account did to each. */
  recentPosts?: ProspectPost[];
}

/** A post of a prospect as the flow saw it (spec 3, Prospect.recentPosts). */
export interface ProspectPost {
  id: string;
  url: string;
  text: string;
  postedAt: string;
  likes: number;
  comments: number;
  shares: number;
  likedByMe: boolean;
  commentedByMe: boolean;
}

type Item = Record<string, unknown>;

function stripKeys(item: Item): StoredProspect {
  const { pk: _pk, sk: _sk, type: _type, ...prospect } = item;
  return prospect as unknown as StoredProspect;
}

/** Adds a prospect the flow did not have; false when it had it already. */
export async function addProspect(
  userId: string,
  flowId: string,
  prospect: StoredProspect,
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.prospect(userId, flowId, prospect.id), type: 'prospect', ...prospect },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Records the AI's score of a prospect. */
export async function scoreProspect(
  userId: string,
  flowId: string,
  personId: string,
  score: Pick<StoredProspect, 'aiScore' | 'matchQuality' | 'matchReason' | 'relevanceFactors' | 'scoredAt'>,
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.prospect(userId, flowId, personId),
      UpdateExpression:
        'SET aiScore = :score, matchQuality = :quality, matchReason = :reason, relevanceFactors = :factors, scoredAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':score': score.aiScore,
        ':quality': score.matchQuality,
        ':reason': score.matchReason,
        ':factors': score.relevanceFactors,
        ':at': score.scoredAt,
      },
    }),
  );
}

/**
 * Keeps what a visit of the prospect's profile showed (their recent posts); true on the first visit,
 * so the flow records one PROFILE_VIEWED however often a retried run reads the profile again.
 */
export async function recordProfileView(
  userId: string,
  flowId: string,
  personId: string,
  posts: ProspectPost[],
  at: string,
): Promise<boolean> {
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.prospect(userId, flowId, personId),
      UpdateExpression: 'SET recentPosts = :posts, viewedAt = if_not_exists(viewedAt, :at)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':posts': posts, ':at': at },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return out.Attributes?.viewedAt === undefined;
}

/** A flow's prospects in key order after `after` (exclusive), one DynamoDB page at most. */
export async function prospectsAfter(
  userId: string,
  flowId: string,
  after: string | undefined,
  limit: number,
): Promise<{ prospects: StoredProspect[]; more: boolean }> {
  const pk = keys.prospectsPartition(userId, flowId);
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: after ? 'pk = :pk AND sk > :after' : 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: after
        ? { ':pk': pk, ':after': `${keys.prospectSortPrefix}${after}` }
        : { ':pk': pk, ':prefix': keys.prospectSortPrefix },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  const prospects = (out.Items ?? []).map(stripKeys);
  return { prospects, more: out.LastEvaluatedKey !== undefined && prospects.length > 0 };
}
