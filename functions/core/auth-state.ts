import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients/dynamo';
import { keys } from './table';

/**
 * The auth state of a session, read by the auth hook (core/auth.ts) on every signed-in request and by
 * the realtime subscribe. It lives in core, not in functions/auth/, because core depends on no domain
 * folder: it reads the session and user items by their keys (core/table.ts); functions/auth/ owns
 * writing them (session-repository.ts, user-repository.ts).
 */
export type SessionKind = 'web' | 'extension';

export interface AuthState {
  sessionOpen: boolean;
  emailVerified: boolean;
  sessionKind: SessionKind;
  /** When the session's sign-in happened (ISO); '' when unknown. */
  signedInAt: string;
}

/**
 * What the auth hook needs on every signed-in request, in one round trip: is the session still open,
 * and is the e-mail verified now (it may have been verified after the access token was issued).
 */
export async function loadAuthState(userId: string, familyId: string): Promise<AuthState | undefined> {
  const sessionKey = keys.session(userId, familyId);
  const userKey = keys.user(userId);
  const out = await dynamo().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [sessionKey, userKey],
          ProjectionExpression: 'sk, expiresAt, emailVerified, kind, createdAt',
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
  return {
    sessionOpen: open,
    emailVerified: user.emailVerified === true,
    sessionKind: session?.kind === 'extension' ? 'extension' : 'web',
    signedInAt: typeof session?.createdAt === 'string' ? session.createdAt : '',
  };
}
