import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  API_KEY_MARK,
  API_KEY_PATTERN,
  API_KEY_REQUESTS_PER_MINUTE,
  API_KEY_TEXTS,
  type ApiKeyScope,
  isApiKeyScope,
} from '../../shared/api-key-texts';
import { apiKeysInPlan } from '../../shared/plan-policy';
import { dynamo, tableName } from './clients/dynamo';
import { isConditionalCheckFailure } from './dynamo-errors';
import { ForbiddenError, UnauthorizedError } from './errors';
import { take } from './rate-limit';
import { keys } from './table';

/**
 * The auth hook's way for an API key (issue 39 point 1): `Authorization: Bearer trbk_…`. A key acts in
 * its workspace as the owner would, within its scopes, on the routes whose row names a `keyScope`. It
 * lives in core beside the session's way (auth.ts); functions/api-keys/ owns creating and revoking keys.
 *
 * In order: the key must exist and not have expired (401 otherwise, the same answer for a key that never
 * existed and one revoked), the route must take keys at all (403; nothing is written for it, as its
 * function has no write right), the request is counted against the key's own limit (429), the owner's
 * plan must still include keys (403, the key kept), and the key must hold the route's scope (403).
 */
export interface ApiKeyCaller {
  readonly id: string;
  readonly scopes: readonly ApiKeyScope[];
}

export interface ApiKeyIdentity {
  readonly key: ApiKeyCaller;
  readonly ownerId: string;
  readonly emailVerified: boolean;
  readonly createdAt: string;
}

/** Whether a bearer token is meant as an API key (a session's access token is a JWT, never this). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_MARK);

/** The lookup item's name for a secret: its SHA-256, hex. */
export const apiKeySecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The sliding window an API key's requests are counted in. */
export const apiKeyRateRule = (keyId: string) => ({
  subject: `api-key:${keyId}`,
  limit: API_KEY_REQUESTS_PER_MINUTE,
  windowSeconds: 60,
});

/** How stale the listed last use may be: it is written at most once a minute per key. */
const LAST_USE_RESOLUTION_MS = 60_000;

export async function verifyApiKey(
  token: string,
  keyScope: ApiKeyScope | undefined,
  now = new Date(),
): Promise<ApiKeyIdentity> {
  if (!API_KEY_PATTERN.test(token)) throw new UnauthorizedError(API_KEY_TEXTS.invalid);
  const { Item: found } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.apiKeySecret(apiKeySecretHash(token)),
      ConsistentRead: true,
    }),
  );
  if (!found || typeof found.ownerId !== 'string' || typeof found.keyId !== 'string')
    throw new UnauthorizedError(API_KEY_TEXTS.invalid);
  const expiresAt = typeof found.keyExpiresAt === 'string' ? found.keyExpiresAt : undefined;
  if (expiresAt && Date.parse(expiresAt) <= now.getTime()) throw new UnauthorizedError(API_KEY_TEXTS.invalid);
  if (!keyScope) throw new ForbiddenError(API_KEY_TEXTS.routeNotAllowed);

  const key: ApiKeyCaller = {
    id: found.keyId,
    scopes: Array.isArray(found.scopes) ? found.scopes.filter(isApiKeyScope) : [],
  };
  await take([apiKeyRateRule(key.id)], API_KEY_TEXTS.rateLimited, now.getTime());
  const { Item: owner } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(found.ownerId),
      ProjectionExpression: '#plan, emailVerified',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ConsistentRead: true,
    }),
  );
  // The owner's account is gone (its keys' lookups go with it; this is the moment in between).
  if (!owner) throw new UnauthorizedError(API_KEY_TEXTS.invalid);
  if (!apiKeysInPlan(typeof owner.plan === 'string' ? owner.plan : undefined))
    throw new ForbiddenError(API_KEY_TEXTS.planLapsed);
  if (!key.scopes.includes(keyScope)) throw new ForbiddenError(API_KEY_TEXTS.scopeMissing(keyScope));
  await noteLastUse(found.ownerId, key.id, now);
  return {
    key,
    ownerId: found.ownerId,
    emailVerified: owner.emailVerified === true,
    createdAt: typeof found.createdAt === 'string' ? found.createdAt : '',
  };
}

/**
 * Writes the key's last use on its list item, at most once a minute: a condition, so the item changes
 * at most that often and a revoked key's item is not brought back. (A refused condition is still billed
 * as a write unit; a key's request costs two, with its rate-limit count.)
 */
async function noteLastUse(ownerId: string, keyId: string, now: Date): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(ownerId, keyId),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :stale)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - LAST_USE_RESOLUTION_MS).toISOString(),
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
