import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type ApiKeyView, isApiKeyScope } from '../../shared/api-key-texts';
import { dynamo, tableName } from '../core/clients/dynamo';
import { retryingConflicts } from '../core/conflicts';
import { isItemConditionFailure } from '../core/dynamo-errors';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';

/**
 * A workspace's API keys (issue 39; core/table.ts rows 55-57): per key a list item in the owner's
 * partition and a lookup item named by the secret's hash, which the auth hook reads
 * (core/api-key-auth.ts), written and deleted together with the count that caps the keys.
 */
/** A key as listed (ApiKeyView), with its workspace and the hash that names its lookup. */
export interface StoredApiKey extends ApiKeyView {
  ownerId: string;
  secretHash: string;
}

export class ApiKeyWriteRefused extends Error {
  constructor(readonly reason: 'too-many' | 'gone') {
    super(reason);
  }
}

const table = () => tableName();

export async function listApiKeys(ownerId: string): Promise<StoredApiKey[]> {
  const found: StoredApiKey[] = [];
  for await (const item of queryByPrefix(keys.userPartition(ownerId), keys.apiKeyPrefix, {
    consistent: true,
  }))
    found.push(fromItem(ownerId, item));
  return found;
}

export async function findApiKey(ownerId: string, keyId: string): Promise<StoredApiKey | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.apiKey(ownerId, keyId), ConsistentRead: true }),
  );
  return Item ? fromItem(ownerId, Item) : undefined;
}

/** Stores a new key, unless the workspace already holds `max` (refused 'too-many'). */
export async function putApiKey(key: StoredApiKey, max: number): Promise<void> {
  const lookup = {
    ...keys.apiKeySecret(key.secretHash),
    type: 'ApiKeySecret',
    ownerId: key.ownerId,
    keyId: key.id,
    scopes: key.scopes,
    createdAt: key.createdAt,
    // Not the table's TTL attribute (`expiresAt`): an expired key stays listed until it is revoked.
    ...(key.expiresAt ? { keyExpiresAt: key.expiresAt } : {}),
  };
  try {
    // Two keys made at once meet on the count item: the one cancelled for that tries again.
    await retryingConflicts(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table(),
                Key: keys.apiKeyCount(key.ownerId),
                UpdateExpression: 'ADD keyCount :one',
                ConditionExpression: 'attribute_not_exists(keyCount) OR keyCount < :max',
                ExpressionAttributeValues: { ':one': 1, ':max': max },
              },
            },
            {
              Put: {
                TableName: table(),
                Item: {
                  ...keys.apiKey(key.ownerId, key.id),
                  type: 'ApiKey',
                  name: key.name,
                  prefix: key.prefix,
                  scopes: key.scopes,
                  createdAt: key.createdAt,
                  ...(key.expiresAt ? { keyExpiresAt: key.expiresAt } : {}),
                  secretHash: key.secretHash,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            { Put: { TableName: table(), Item: lookup, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      ),
    );
  } catch (error) {
    if (isItemConditionFailure(error, 0)) throw new ApiKeyWriteRefused('too-many');
    throw error;
  }
}

/** Deletes the key's items and gives its place back; refused 'gone' when it is not there (any more). */
export async function deleteApiKey(key: StoredApiKey): Promise<void> {
  try {
    await retryingConflicts(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: table(),
                Key: keys.apiKey(key.ownerId, key.id),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            { Delete: { TableName: table(), Key: keys.apiKeySecret(key.secretHash) } },
            {
              Update: {
                TableName: table(),
                Key: keys.apiKeyCount(key.ownerId),
                UpdateExpression: 'ADD keyCount :minusOne',
                ExpressionAttributeValues: { ':minusOne': -1 },
              },
            },
          ],
        }),
      ),
    );
  } catch (error) {
    if (isItemConditionFailure(error, 0)) throw new ApiKeyWriteRefused('gone');
    throw error;
  }
}

function fromItem(ownerId: string, item: Record<string, unknown>): StoredApiKey {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: String(item.sk).slice(keys.apiKeyPrefix.length),
    ownerId,
    name: String(item.name ?? ''),
    prefix: String(item.prefix ?? ''),
    scopes: Array.isArray(item.scopes) ? item.scopes.filter(isApiKeyScope) : [],
    createdAt: String(item.createdAt ?? ''),
    expiresAt: text(item.keyExpiresAt),
    lastUsedAt: text(item.lastUsedAt),
    secretHash: String(item.secretHash ?? ''),
  };
}
