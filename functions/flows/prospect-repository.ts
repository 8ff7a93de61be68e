import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { MatchQuality, ProspectStatus, RelevanceFactor } from '../../shared/flow-insights';
import type { PersonFields } from '../../shared/person';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure, isItemConditionFailure } from '../core/dynamo-errors';
import { keys } from '../core/table';
import type { ProspectEvent } from './activity-repository';
import { statusCount, totalsUpdate } from './flow-count-repository';

/**
 * A flow's prospects (spec section 3, Prospect; access patterns 36 and 37): the people its runs
 * discovered, one item per platform person, with what the AI made of them and where the outreach
 * stands. The contact ledger says whether any flow of the account already reached a person; this says
 * what this flow knows of its own.
 */
export type { MatchQuality, RelevanceFactor } from '../../shared/flow-insights';

export interface StoredProspect extends PersonFields {
  profileUrl: string;
  profileImage?: string;
  /** Network distance from the account when found: 1 is already a connection (nothing to invite). */
  distance?: 1 | 2 | 3;
  /** The job that discovered the prospect. */
  jobId: string;
  /** Where the prospect stands with the flow; only moves forward (FOUND, CONTACTED, PENDING, then an answer). */
  status?: ProspectStatus;
  discoveredAt: string;
  aiScore?: number;
  matchQuality?: MatchQuality;
  matchReason?: string;
  relevanceFactors?: RelevanceFactor[];
  scoredAt?: string;
  /** Their skills, as their profile lists them (issue 36: what the run read, for the score and the texts). */
  skills?: string[];
  /** When a run read their profile (title, company, headline, location, skills): once per prospect. */
  profileReadAt?: string;
  /** When a run first visited the person's profile and recent activity. */
  viewedAt?: string;
  /** Their most recent posts as last seen, newest first (at most 3), with what the account did to each. */
  recentPosts?: ProspectPost[];
  /** When the run first read their reply to the flow's message. */
  repliedAt?: string;
  /** What the flow's activities did to them, oldest first (activity-repository.ts keeps it). */
  events?: ProspectEvent[];
}

/** A status's place in a prospect's story: a later event never moves it back. */
export const STATUS_RANK: Readonly<Record<ProspectStatus, number>> = {
  FOUND: 0,
  CONTACTED: 1,
  PENDING: 2,
  ACCEPTED: 3,
  DECLINED: 3,
};

/** What the prospects list's search looks in, lower-cased: name, headline, title, company, location. */
export const prospectSearchText = (
  p: Pick<StoredProspect, 'name' | 'headline' | 'title' | 'company' | 'location'>,
) => [p.name, p.headline, p.title, p.company, p.location].filter(Boolean).join(' \n ').toLowerCase();

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
  const { pk: _pk, sk: _sk, type: _type, statusRank: _rank, searchText: _search, ...prospect } = item;
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
        Item: {
          ...keys.prospect(userId, flowId, prospect.id),
          type: 'prospect',
          ...prospect,
          statusRank: STATUS_RANK[prospect.status ?? 'FOUND'],
          searchText: prospectSearchText(prospect),
        },
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

export async function findProspect(
  userId: string,
  flowId: string,
  personId: string,
): Promise<StoredProspect | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.prospect(userId, flowId, personId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? stripKeys(out.Item) : undefined;
}

/**
 * Moves the prospect's status forward from `from` (never back: an answer stays an answer), and the
 * flow's count of prospects in each status with it, in one transaction.
 */
export async function advanceProspect(
  userId: string,
  flowId: string,
  personId: string,
  from: ProspectStatus,
  status: ProspectStatus,
): Promise<void> {
  if (STATUS_RANK[status] <= STATUS_RANK[from]) return;
  await dynamo()
    .send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.prospect(userId, flowId, personId),
              UpdateExpression: 'SET #status = :status, statusRank = :rank',
              ConditionExpression: 'attribute_exists(pk) AND #status = :from',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':status': status, ':rank': STATUS_RANK[status], ':from': from },
            },
          },
          totalsUpdate(userId, flowId, { [statusCount(from)]: -1, [statusCount(status)]: 1 }),
        ],
      }),
    )
    .catch((error: unknown) => {
      // Another run moved it meanwhile: its own transaction counted that move.
      if (!isItemConditionFailure(error, 0)) throw error;
    });
}

/** Notes when the prospect first replied (their timeline's message_received). */
export async function markReplied(
  userId: string,
  flowId: string,
  personId: string,
  at: string,
): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.prospect(userId, flowId, personId),
        UpdateExpression: 'SET repliedAt = if_not_exists(repliedAt, :at)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * Keeps what the prospect's profile showed (issue 36): its fields over the search row's, and when it was
 * read, so a later run reads it no more. A field the profile does not show keeps the search's.
 */
export async function recordProfileRead(
  userId: string,
  flowId: string,
  personId: string,
  profile: Pick<StoredProspect, 'headline' | 'title' | 'company' | 'location' | 'skills'>,
  at: string,
): Promise<void> {
  const fields = Object.entries(profile).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = { '#readAt': 'profileReadAt' };
  const values: Record<string, unknown> = { ':at': at };
  const sets = ['#readAt = :at'];
  for (const [index, [name, value]] of fields.entries()) {
    names[`#f${index}`] = name;
    values[`:f${index}`] = value;
    sets.push(`#f${index} = :f${index}`);
  }
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.prospect(userId, flowId, personId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
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

/** Every prospect of the flow that passes `keep`, every page of them. */
export async function prospectsOfFlow(
  userId: string,
  flowId: string,
  keep: (p: StoredProspect) => boolean,
): Promise<StoredProspect[]> {
  const kept: StoredProspect[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await prospectsAfter(userId, flowId, after, 100);
    kept.push(...page.prospects.filter(keep));
    after = page.prospects.at(-1)?.id;
    if (!page.more || !after) return kept;
  }
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
