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
  /** The workspace the session acts in (DECISIONS 31): its owner's id, the user's own by default. */
  workspaceId: string;
}

/** Whether a person may act in another's workspace now (DECISIONS 31). */
export type WorkspaceAccess = 'member' | 'removed' | 'suspended';

export interface WorkspaceStanding {
  access: WorkspaceAccess;
  /** The owner's name fields, for telling a removed member whose workspace it was; absent: owner gone. */
  owner?: { firstName?: string | undefined; lastName?: string | undefined; username: string };
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
          ProjectionExpression: 'sk, expiresAt, emailVerified, kind, createdAt, workspaceId',
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
    workspaceId:
      typeof session?.workspaceId === 'string' && session.workspaceId ? session.workspaceId : userId,
  };
}

/**
 * A member's standing in another's workspace, in one round trip: still a member (the member item in
 * the owner's partition), and the owner's plan still with team users (a downgrade suspends members,
 * deleting nothing). `hasTeam` reads the plan; core imports no plan rules.
 */
export async function loadWorkspaceAccess(
  userId: string,
  workspaceId: string,
  hasTeam: (plan: unknown) => boolean,
): Promise<WorkspaceAccess> {
  return (await loadWorkspaceStanding(userId, workspaceId, hasTeam)).access;
}

/** loadWorkspaceAccess, with the owner's name fields (the same one round trip). */
export async function loadWorkspaceStanding(
  userId: string,
  workspaceId: string,
  hasTeam: (plan: unknown) => boolean,
): Promise<WorkspaceStanding> {
  const memberKey = keys.teamMember(workspaceId, userId);
  const ownerKey = keys.user(workspaceId);
  const out = await dynamo().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [memberKey, ownerKey],
          ProjectionExpression: 'sk, #plan, firstName, lastName, username',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const member = items.find((i) => i.sk === memberKey.sk);
  const found = items.find((i) => i.sk === ownerKey.sk);
  const access: WorkspaceAccess =
    !member || !found ? 'removed' : hasTeam(found.plan) ? 'member' : 'suspended';
  if (!found) return { access };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    access,
    owner: {
      firstName: text(found.firstName),
      lastName: text(found.lastName),
      username: String(found.username),
    },
  };
}
