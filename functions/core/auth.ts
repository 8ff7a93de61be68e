import { jwtVerify } from 'jose';
import type { ApiKeyScope } from '../../shared/api-key-texts';
import { hasFeature } from '../../shared/plan-policy';
import { personName, TEAM_TEXTS, WORKSPACE_TEXTS } from '../../shared/team-texts';
import type { AuthLevel } from '../route-types';
import { type ApiKeyCaller, looksLikeApiKey, verifyApiKey } from './api-key-auth';
import { loadAuthState, loadWorkspaceStanding, type SessionKind } from './auth-state';
import { env } from './env';
import { ForbiddenError, RemovedFromWorkspaceError, UnauthorizedError } from './errors';
import { secret } from './secrets';

/**
 * The auth hook every route passes through: a short access JWT (HS256 pinned; issuer, audience and
 * expiry checked) naming its session, and that session still open in the table, so sign-out, a password
 * change and a reused refresh token take effect at once rather than when the token expires. The e-mail
 * verification state is read from the user, not the token, so verifying needs no new sign-in.
 * Without a configured secret no token can be valid, so protected routes answer 401.
 */
export interface AuthUser {
  readonly id: string;
  readonly sessionId: string;
  readonly emailVerified: boolean;
  /**
   * A web sign-in, or the paired browser extension's own session (which may not pair again), or an API
   * key (issue 39), which has no session.
   */
  readonly sessionKind: SessionKind | 'api-key';
  /** When this session signed in (ISO): pairing asks for the password again when it is not recent. */
  readonly signedInAt: string;
  /**
   * The workspace the request acts in (DECISIONS 31): its owner's user id, so the data keeps its keys.
   * The person's own (`id`) unless the session switched to a team they are a member of.
   */
  readonly workspaceId: string;
  /** 'suspended': a member whose owner's plan dropped below PLUS; only the workspace routes serve them. */
  readonly workspaceAccess: 'owner' | 'member' | 'suspended';
  /** The API key the request came with, and its scopes; absent for a session. */
  readonly apiKey?: ApiKeyCaller;
}

export const ACCESS_TOKEN_ALGORITHM = 'HS256';

const VERIFY_EMAIL_FIRST = 'Please verify your email address to continue.';

export function accessTokenKey(secret: string): Uint8Array {
  return Buffer.from(secret, 'base64url');
}

export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization ?? headers.Authorization;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** What the route table says of the route's workspace (functions/route-types.ts). */
export interface RouteWorkspace {
  /** A suspended or removed member may use it: who they are, signing out, the switch back. */
  anyWorkspace?: boolean;
  /** The owner's only: billing, the team, the brand. */
  ownerOnly?: boolean;
  /** The scope an API key needs for the route; without one, the route refuses keys. */
  keyScope?: ApiKeyScope;
}

export async function verifyAccessToken(token: string, workspace: RouteWorkspace = {}): Promise<AuthUser> {
  const { AUTH_ISSUER, AUTH_AUDIENCE } = env();
  const AUTH_TOKEN_SECRET = await secret('AUTH_TOKEN_SECRET');
  if (!AUTH_TOKEN_SECRET) throw new UnauthorizedError();
  try {
    const { payload } = await jwtVerify(token, accessTokenKey(AUTH_TOKEN_SECRET), {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: AUTH_ISSUER,
      audience: AUTH_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.sid !== 'string' || !payload.sid) {
      throw new UnauthorizedError();
    }
    const state = await loadAuthState(payload.sub, payload.sid);
    if (!state?.sessionOpen) throw new UnauthorizedError();
    let workspaceId = state.workspaceId;
    let workspaceAccess: AuthUser['workspaceAccess'] = 'owner';
    if (workspaceId !== payload.sub) {
      const { access, owner } = await loadWorkspaceStanding(payload.sub, workspaceId, (plan) =>
        hasFeature(typeof plan === 'string' ? plan : undefined, 'team'),
      );
      if (access !== 'removed') workspaceAccess = access;
      // Removed from the team (DECISIONS 31, 34): the session in that workspace ends at once and its
      // next request says why; their own stays open, so the routes that take them back (and a team
      // gone with its owner's account) act in it. The hook writes nothing: the switch back keeps it.
      else if (owner && !workspace.anyWorkspace)
        throw new RemovedFromWorkspaceError(WORKSPACE_TEXTS.removed(personName(owner)));
      else workspaceId = payload.sub;
    }
    return {
      id: payload.sub,
      sessionId: payload.sid,
      emailVerified: state.emailVerified,
      sessionKind: state.sessionKind,
      signedInAt: state.signedInAt,
      workspaceId,
      workspaceAccess,
    };
  } catch (error) {
    // Only an unusable token is a 401; a table that does not answer is a server error, not a sign-out.
    if (error instanceof UnauthorizedError) throw error;
    if (isJoseError(error)) throw new UnauthorizedError();
    throw error;
  }
}

const isJoseError = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  String((error as { code: string }).code).startsWith('ERR_J');

export async function authenticate(
  headers: Record<string, string | undefined>,
  level: AuthLevel,
  workspace: RouteWorkspace = {},
): Promise<AuthUser | undefined> {
  if (level === 'public') return undefined;
  const token = bearerToken(headers);
  if (!token) throw new UnauthorizedError();
  if (looksLikeApiKey(token)) return viaApiKey(token, level, workspace);
  const user = await verifyAccessToken(token, workspace);
  if (user.workspaceAccess === 'suspended' && !workspace.anyWorkspace)
    throw new ForbiddenError(TEAM_TEXTS.teamUnavailable);
  if (workspace.ownerOnly && user.workspaceId !== user.id) throw new ForbiddenError(TEAM_TEXTS.ownerOnly);
  if (level === 'verified' && !user.emailVerified) {
    throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  }
  return user;
}

/** An API key's caller: the workspace's owner, as far as the key's scope reaches (api-key-auth.ts). */
async function viaApiKey(token: string, level: AuthLevel, workspace: RouteWorkspace): Promise<AuthUser> {
  const identity = await verifyApiKey(token, workspace.keyScope);
  if (level === 'verified' && !identity.emailVerified) {
    throw new ForbiddenError(VERIFY_EMAIL_FIRST);
  }
  return {
    id: identity.ownerId,
    sessionId: `api-key:${identity.key.id}`,
    emailVerified: identity.emailVerified,
    sessionKind: 'api-key',
    signedInAt: identity.createdAt,
    workspaceId: identity.ownerId,
    workspaceAccess: 'owner',
    apiKey: identity.key,
  };
}
