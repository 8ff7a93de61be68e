import { randomUUID } from 'node:crypto';
import { AUTH_TEXTS, type LoginInput, type LoginResponse, type User } from '../../shared/auth';
import { PAIRING, PAIRING_TEXTS } from '../../shared/extension';
import type { AuthUser } from '../core/auth';
import type { SessionKind } from '../core/auth-state';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { SessionSocketsService } from '../realtime/session-sockets-service';
import { SESSION_SECONDS } from './auth-rules';
import { decoyHash, verifyPassword } from './password';
import { guardPasswordAttempt } from './password-attempts';
import { deleteSession, listSessions, rotateSession, saveSession } from './session-repository';
import { resumedWorkspace, servedWorkspace, userInWorkspace } from './session-workspace';
import { ACCESS_TOKEN_SECONDS, issueRefreshToken, readRefreshToken, signAccessToken } from './tokens';
import { findUserByEmail, findUserById, publicUser, type StoredUser } from './user-repository';

/**
 * Sign-in, token renewal, sign-out, pairing the extension and the signed-in user (spec 2.3, 7;
 * DECISIONS 19), in three services so a route's bundle carries only what it uses: signing in and
 * reading the user end no session; renewal, sign-out and pairing may, and ending a session closes its
 * sockets (the realtime port); only pairing checks a password among those.
 */
export interface SignInDeps {
  now: () => Date;
}

export interface SessionDeps {
  log: Logger;
  now: () => Date;
  /** Ending a session closes the sockets it opened. */
  sockets: SessionSocketsService;
}

async function startSession(
  user: StoredUser,
  rememberMe: boolean,
  at: Date,
  kind: SessionKind = 'web',
  /** The workspace the session acts in when not the user's own (DECISIONS 31). */
  workspaceId?: string,
): Promise<LoginResponse['data'] & { sessionId: string }> {
  const familyId = randomUUID();
  const lifetime = rememberMe ? SESSION_SECONDS.remembered : SESSION_SECONDS.browser;
  await saveSession({
    userId: user.id,
    familyId,
    generation: 0,
    ...(kind === 'web' ? {} : { kind }),
    createdAt: at.toISOString(),
    lastUsedAt: at.toISOString(),
    expiresAt: Math.floor(at.getTime() / 1000) + lifetime,
    rememberMe,
    ...(workspaceId && workspaceId !== user.id ? { workspaceId } : {}),
  });
  return {
    sessionId: familyId,
    accessToken: await signAccessToken({
      userId: user.id,
      sessionId: familyId,
      emailVerified: user.emailVerified,
    }),
    refreshToken: await issueRefreshToken({ userId: user.id, sessionId: familyId, generation: 0 }),
    expiresIn: ACCESS_TOKEN_SECONDS,
    user: publicUser(user),
  };
}

/** Sign-in and the signed-in user: `POST /api/auth/login`, `GET /api/auth/me`. */
export function createSignInService({ now }: SignInDeps) {
  return {
    async login(input: LoginInput, clientIp: string): Promise<LoginResponse['data']> {
      const user = await findUserByEmail(input.email);
      // Counted and limited like every password check (password-attempts.ts). An unknown address
      // costs the same hash as a known one: timing does not tell them apart.
      const ok = await guardPasswordAttempt({ email: input.email, clientIp }, async () =>
        verifyPassword(input.password, user?.passwordHash ?? (await decoyHash())),
      );
      if (!user || !ok) throw new UnauthorizedError(AUTH_TEXTS.invalidCredentials);
      // A teammate continues where they worked (DECISIONS 34).
      const workspaceId = await resumedWorkspace(user);
      const { sessionId: _, ...tokens } = await startSession(
        user,
        input.rememberMe ?? false,
        now(),
        'web',
        workspaceId,
      );
      return { ...tokens, user: await userInWorkspace(user, workspaceId) };
    },

    /** The signed-in user, and the team's workspace their session acts in when not their own. */
    async me(caller: Pick<AuthUser, 'id' | 'workspaceId'>): Promise<User> {
      const user = await findUserById(caller.id);
      if (!user) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      return userInWorkspace(user, caller.workspaceId);
    },
  };
}

/** Ends a session and closes the sockets it opened. */
async function endSession(sockets: SessionSocketsService, userId: string, sessionId: string): Promise<void> {
  await deleteSession(userId, sessionId);
  await sockets.closeSessionSockets(userId, { sessionId });
}

/** Token renewal and sign-out: `POST /api/auth/refresh`, `POST /api/auth/logout`. */
export function createSessionService({ log, now, sockets }: SessionDeps) {
  return {
    async refresh(refreshToken: string): Promise<LoginResponse['data']> {
      // A token the server never issued (an invented secret under someone's ids) changes nothing.
      const claims = await readRefreshToken(refreshToken);
      if (!claims) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      const { userId, sessionId: familyId, generation } = claims;
      const { outcome, session } = await rotateSession(userId, familyId, generation, now());
      if (outcome === 'reused') {
        // An older token that was really issued came back: someone holds a copy. End the whole family.
        await endSession(sockets, userId, familyId);
        log.warn('refresh token reuse: session revoked', { userId, familyId });
      }
      const user = outcome === 'rotated' ? await findUserById(userId) : undefined;
      if (!user || !session) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      return {
        accessToken: await signAccessToken({
          userId,
          sessionId: familyId,
          emailVerified: user.emailVerified,
        }),
        refreshToken: await issueRefreshToken({ userId, sessionId: familyId, generation: generation + 1 }),
        expiresIn: ACCESS_TOKEN_SECONDS,
        // As who-am-I answers it: the renewed user replaces the app's, which follows the workspace's plan.
        user: await userInWorkspace(user, await servedWorkspace(user, session.workspaceId)),
      };
    },

    async logout(userId: string, sessionId: string): Promise<void> {
      await endSession(sockets, userId, sessionId);
    },
  };
}

/** Pairing the browser extension: `POST /api/users/extension/pair`. */
export function createPairingService({ log, now, sockets }: SessionDeps) {
  /**
   * Keeps the newest PAIRING.maxSessions extension sessions. Every pairing trims after it saves, by
   * the same order (newest sign-in first, then id), so pairings that race still agree on what stays.
   */
  async function trimPairedSessions(userId: string, justPaired: string): Promise<void> {
    const paired = (await listSessions(userId))
      .filter((s) => s.kind === 'extension')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.familyId.localeCompare(a.familyId));
    for (const old of paired.slice(PAIRING.maxSessions)) {
      if (old.familyId === justPaired) continue;
      await endSession(sockets, userId, old.familyId);
      log.info('paired extension replaced', { userId, sessionId: old.familyId });
    }
  }

  return {
    /**
     * Pairs the browser extension: a session of its own (30 days, like 'remember me'), so signing out
     * of the web app leaves the extension paired, and a password change or reset ends both. Pairing
     * must not out-rank what it came from: an extension session cannot pair (no chain of sessions), a
     * sign-in older than PAIRING.recentSignInSeconds must give the password again, and a user keeps at
     * most PAIRING.maxSessions paired extensions (pairing again ends the oldest).
     */
    async pairExtension(
      caller: AuthUser,
      password: string | undefined,
      clientIp: string,
    ): Promise<LoginResponse['data']> {
      if (caller.sessionKind === 'extension') throw new ForbiddenError(PAIRING_TEXTS.notFromExtension);
      const user = await findUserById(caller.id);
      if (!user) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      const signedInAt = Date.parse(caller.signedInAt);
      const recent =
        Number.isFinite(signedInAt) && now().getTime() - signedInAt < PAIRING.recentSignInSeconds * 1000;
      if (!recent) {
        if (password === undefined) {
          throw new ForbiddenError(PAIRING_TEXTS.passwordNeeded, [
            { path: 'password', message: PAIRING_TEXTS.passwordNeeded },
          ]);
        }
        const ok = await guardPasswordAttempt({ email: user.email, clientIp }, () =>
          verifyPassword(password, user.passwordHash),
        );
        if (!ok) {
          throw new ValidationError(AUTH_TEXTS.passwordWrong, [
            { path: 'password', message: AUTH_TEXTS.passwordWrong },
          ]);
        }
      }
      // The extension syncs into the workspace its pairing came from: a member working in a team's
      // workspace connects their platform account to that workspace (DECISIONS 31).
      const { sessionId, ...tokens } = await startSession(user, true, now(), 'extension', caller.workspaceId);
      await trimPairedSessions(user.id, sessionId);
      log.info('extension paired', { userId: user.id, recentSignIn: recent });
      return tokens;
    },
  };
}
