import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionKind } from '../core/auth-state';
import { dynamo, tableName } from '../core/clients/dynamo';
import { isConditionalCheckFailure } from '../core/dynamo-errors';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';

/**
 * Sessions are refresh-token families: one item per sign-in holding the generation of the family's
 * current refresh token (the token itself is never stored: its MAC proves it, see tokens.ts). Rotation
 * moves to the next generation only if the presented one is current; an older one that the server
 * really issued means a token was copied, and the whole family is deleted.
 */
export interface StoredSession {
  userId: string;
  familyId: string;
  /** The generation of the only refresh token that renews the session now. */
  generation: number;
  /** 'extension' for a paired browser extension's own session; web sign-ins leave it out. */
  kind?: SessionKind;
  /** The sign-in (or pairing) time: refreshes never move it, so it tells how recent a sign-in is. */
  createdAt: string;
  lastUsedAt: string;
  /** Epoch seconds: the absolute end of the session, whatever the refreshes (also the TTL). */
  expiresAt: number;
  rememberMe: boolean;
  /** The workspace the session acts in (DECISIONS 31); absent: the user's own. */
  workspaceId?: string;
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

/** 'reused' only for a generation older than the current one: the caller has proved it was issued. */
export async function rotateSession(
  userId: string,
  familyId: string,
  presentedGeneration: number,
  now: Date,
): Promise<{ outcome: RotateOutcome; session?: StoredSession }> {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(userId, familyId),
        UpdateExpression: 'SET generation = :next, lastUsedAt = :now',
        ConditionExpression: 'generation = :presented AND expiresAt > :nowSeconds',
        ExpressionAttributeValues: {
          ':next': presentedGeneration + 1,
          ':presented': presentedGeneration,
          ':now': now.toISOString(),
          ':nowSeconds': Math.floor(now.getTime() / 1000),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { outcome: 'rotated', session: out.Attributes as StoredSession };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const old = (error as { Item?: Record<string, { S?: string; N?: string }> }).Item;
    if (!old) return { outcome: 'missing' };
    const expired = Number(old.expiresAt?.N ?? 0) <= Math.floor(now.getTime() / 1000);
    const older = presentedGeneration < Number(old.generation?.N ?? Number.NaN);
    return { outcome: !expired && older ? 'reused' : 'missing' };
  }
}

/** The workspace the session acts in from its next request (DECISIONS 31); the session must exist. */
export async function setSessionWorkspace(
  userId: string,
  familyId: string,
  workspaceId: string,
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.session(userId, familyId),
      UpdateExpression: 'SET workspaceId = :workspace',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':workspace': workspaceId },
    }),
  );
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

/** The sessions of a user (a handful: sign-ins expire, paired extensions are capped). */
export async function listSessions(userId: string): Promise<StoredSession[]> {
  const { pk, skPrefix } = keys.sessionsPrefix(userId);
  const found: StoredSession[] = [];
  for await (const item of queryByPrefix(pk, skPrefix)) found.push(item as unknown as StoredSession);
  return found;
}
