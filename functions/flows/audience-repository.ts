import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { AUDIENCE_CACHE_SECONDS, type AudienceFacets, audienceKey } from '../../shared/flow-audience';
import { dynamo, tableName } from '../core/clients/dynamo';
import { expiresAfter, keys } from '../core/table';

/**
 * The audience preview's counts (access pattern 54): one item per connected account and facets, kept
 * AUDIENCE_CACHE_SECONDS beside the account's budget counters. DynamoDB's TTL deletes an item some time
 * after it expired, so a read checks the time itself.
 */
export interface AudienceAccount {
  workspaceId: string;
  connectionId: string;
}

/** The item of these facets' count: the facets' hash keeps the key short whatever they hold. */
export const audienceItemKey = (account: AudienceAccount, facets: AudienceFacets) =>
  keys.audienceCount(
    account.workspaceId,
    account.connectionId,
    createHash('sha256').update(audienceKey(facets)).digest('hex'),
  );

/** The count kept for these facets, unless it is older than the cache's time. */
export async function findAudienceCount(
  account: AudienceAccount,
  facets: AudienceFacets,
  now: Date,
): Promise<number | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: audienceItemKey(account, facets),
      // Written a moment ago by the count before: going back to it must find it.
      ConsistentRead: true,
    }),
  );
  const item = out.Item;
  if (!item || typeof item.count !== 'number') return undefined;
  return Number(item.expiresAt) > now.getTime() / 1000 ? item.count : undefined;
}

export async function saveAudienceCount(
  account: AudienceAccount,
  facets: AudienceFacets,
  count: number,
  now: Date,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...audienceItemKey(account, facets),
        count,
        countedAt: now.toISOString(),
        expiresAt: expiresAfter(AUDIENCE_CACHE_SECONDS, now.getTime()),
      },
    }),
  );
}
