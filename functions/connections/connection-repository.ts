import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlatformConnection } from '../../shared/connections';
import { PLATFORM_TABLE, type Platform } from '../../shared/platforms';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';

/**
 * Platform connections under their owner (access patterns 17, 18). The stored item holds the cookies
 * as an envelope ciphertext (`sealedCookies`); `publicConnection` is the only way out to a response,
 * and it copies named fields only, so the ciphertext and the user agent never leave.
 */
export interface StoredConnection extends PlatformConnection {
  userId: string;
  userAgent: string;
  sealedCookies: string;
  updatedAt: string;
  /** The platform ended its cookie session (functions/connections/platform-sessions.ts): none is handed out till a sync. */
  retiredAt?: string;
}

const PUBLIC_FIELDS = [
  'id',
  'platform',
  'accountUsername',
  'accountId',
  'profileUrl',
  'isActive',
  'lastValidated',
  'errorCount',
  'lastError',
  'createdAt',
  'timeZone',
] as const;

export function publicConnection(stored: StoredConnection): PlatformConnection {
  const out: Record<string, unknown> = {};
  for (const field of PUBLIC_FIELDS) out[field] = stored[field] ?? null;
  return out as unknown as PlatformConnection;
}

/** Deterministic, so the same account of the same user is one item however often it syncs. */
export function connectionId(userId: string, platform: Platform, accountId: string): string {
  return createHash('sha256').update(`${userId}\n${platform}\n${accountId}`).digest('base64url').slice(0, 32);
}

export async function listConnections(userId: string): Promise<StoredConnection[]> {
  const { pk, skPrefix } = keys.platformConnectionsPrefix(userId);
  const out: StoredConnection[] = [];
  // A user has a handful of connections; one page is the usual case.
  for await (const item of queryByPrefix(pk, skPrefix)) out.push(item as unknown as StoredConnection);
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function findConnection(userId: string, id: string): Promise<StoredConnection | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, id),
      ConsistentRead: true,
    }),
  );
  return out.Item as StoredConnection | undefined;
}

export interface ConnectionUpsert {
  userId: string;
  platform: Platform;
  accountId: string;
  accountUsername: string;
  profileUrl: string;
  userAgent: string;
  sealedCookies: string;
  /** The syncing browser's zone; a sync that does not say keeps the one recorded before. */
  timeZone?: string;
  now: string;
}

/** Creates or refreshes the connection; a fresh sync is a successful validation. */
export async function upsertConnection(
  input: ConnectionUpsert,
): Promise<{ connection: StoredConnection; created: boolean }> {
  const id = connectionId(input.userId, input.platform, input.accountId);
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.platformConnection(input.userId, id),
      UpdateExpression:
        'SET #type = :type, id = :id, userId = :userId, platform = :platform, accountId = :accountId, ' +
        'accountUsername = :username, profileUrl = :profileUrl, userAgent = :userAgent, ' +
        'sealedCookies = :sealed, isActive = :true, lastValidated = :now, errorCount = :zero, ' +
        'lastError = :null, updatedAt = :now, createdAt = if_not_exists(createdAt, :now)' +
        (input.timeZone ? ', #timeZone = :timeZone' : '') +
        // Fresh cookies bring a retired platform session back (retireSession).
        ' REMOVE retiredAt',
      // TIMEZONE is one of DynamoDB's reserved words.
      ExpressionAttributeNames: { '#type': 'type', ...(input.timeZone ? { '#timeZone': 'timeZone' } : {}) },
      ExpressionAttributeValues: {
        ':type': 'PlatformConnection',
        ':id': id,
        ':userId': input.userId,
        ':platform': PLATFORM_TABLE[input.platform].record,
        ':accountId': input.accountId,
        ':username': input.accountUsername,
        ':profileUrl': input.profileUrl,
        ':userAgent': input.userAgent,
        ':sealed': input.sealedCookies,
        ':true': true,
        ':now': input.now,
        ':zero': 0,
        ':null': null,
        ...(input.timeZone ? { ':timeZone': input.timeZone } : {}),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const connection = out.Attributes as StoredConnection;
  return { connection, created: connection.createdAt === input.now };
}

/** Records a validation's outcome; undefined when the connection is gone meanwhile. */
export async function recordValidation(
  userId: string,
  id: string,
  outcome: { ok: true; now: string } | { ok: false; error: string; now: string },
): Promise<StoredConnection | undefined> {
  const update = outcome.ok
    ? {
        UpdateExpression:
          'SET lastValidated = :now, errorCount = :zero, lastError = :null, updatedAt = :now REMOVE retiredAt',
        ExpressionAttributeValues: { ':now': outcome.now, ':zero': 0, ':null': null },
      }
    : {
        UpdateExpression:
          'SET errorCount = if_not_exists(errorCount, :zero) + :one, lastError = :error, updatedAt = :now',
        ExpressionAttributeValues: { ':now': outcome.now, ':zero': 0, ':one': 1, ':error': outcome.error },
      };
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.platformConnection(userId, id),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
        ...update,
      }),
    );
    return out.Attributes as StoredConnection;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

export async function deleteConnection(userId: string, id: string): Promise<StoredConnection | undefined> {
  const out = await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.platformConnection(userId, id),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return out.Attributes as StoredConnection | undefined;
}

/**
 * The platform ended the connection's cookie session (they expired, or it signed the account out): the
 * failure is recorded as a failed validation, and the session is retired until the extension syncs
 * fresh cookies or a check finds it valid again (both remove `retiredAt`).
 */
export async function retireSession(
  userId: string,
  id: string,
  outcome: { error: string; now: string },
): Promise<StoredConnection | undefined> {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.platformConnection(userId, id),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression:
          'SET errorCount = if_not_exists(errorCount, :zero) + :one, lastError = :error, updatedAt = :now, retiredAt = :now',
        ExpressionAttributeValues: { ':now': outcome.now, ':zero': 0, ':one': 1, ':error': outcome.error },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as StoredConnection;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}
