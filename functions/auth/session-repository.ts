import { BatchGetCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../core/clients/dynamo';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';

/**
 * Sessions are refresh-token families: one item per sign-in holding the hash of the family's current
 * refresh token. Rotation swaps the hash only if the presented one is current; presenting an older one
 * means a token was copied, and the whole family is deleted.
 */
export interface StoredSession {
  userId: string;
  familyId: string;
  currentHash: string;
  createdAt: string;
  lastUsedAt: string;
  /** Epoch seconds: the absolute end of the session, whatever the refreshes (also the TTL). */
  expiresAt: number;
  rememberMe: boolean;
}

export async function saveSession(session: StoredSession): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.session(session.userId, session.familyId), type: 'Session', ...session },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export type RotateOutcome = 'rotated' | 'reused' | 'missing';

export async function rotateSession(
  userId: string,
  familyId: string,
  presentedHash: string,
  nextHash: string,
  now: Date,
): Promise<{ outcome: RotateOutcome; session?: StoredSession }> {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(userId, familyId),
        UpdateExpression: 'SET currentHash = :next, lastUsedAt = :now',
        ConditionExpression: 'currentHash = :presented AND expiresAt > :nowSeconds',
        ExpressionAttributeValues: {
          ':next': nextHash,
          ':presented': presentedHash,
          ':now': now.toISOString(),
          ':nowSeconds': Math.floor(now.getTime() / 1000),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { outcome: 'rotated', session: out.Attributes as StoredSession };
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    const old = (error as { Item?: Record<string, { S?: string; N?: string }> }).Item;
    if (!old) return { outcome: 'missing' };
    const expired = Number(old.expiresAt?.N ?? 0) <= Math.floor(now.getTime() / 1000);
    return { outcome: expired ? 'missing' : 'reused' };
  }
}

export async function deleteSession(userId: string, familyId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.session(userId, familyId) }));
}

/** Ends every session of a user but `keep` (the one changing the password), and answers how many ended. */
export async function deleteSessionsExcept(userId: string, keep?: string): Promise<number> {
  const { pk, skPrefix } = keys.sessionsPrefix(userId);
  let ended = 0;
  for await (const item of queryByPrefix(pk, skPrefix)) {
    if (item.familyId === keep) continue;
    await deleteSession(userId, item.familyId as string);
    ended++;
  }
  return ended;
}

/**
 * What the auth hook needs on every signed-in request, in one round trip: is the session still open,
 * and is the e-mail verified now (it may have been verified after the access token was issued).
 */
export async function loadAuthState(
  userId: string,
  familyId: string,
): Promise<{ sessionOpen: boolean; emailVerified: boolean } | undefined> {
  const sessionKey = keys.session(userId, familyId);
  const userKey = keys.user(userId);
  const out = await dynamo().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [sessionKey, userKey],
          ProjectionExpression: 'sk, expiresAt, emailVerified',
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const session = items.find((i) => i.sk === sessionKey.sk);
  const user = items.find((i) => i.sk === userKey.sk);
  if (!user) return undefined;
  const open = !!session && Number(session.expiresAt) > Math.floor(Date.now() / 1000);
  return { sessionOpen: open, emailVerified: user.emailVerified === true };
}
