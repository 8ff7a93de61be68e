import { randomUUID } from 'node:crypto';
import { AUTH_TEXTS, type LoginInput, type LoginResponse, type User } from '../../shared/auth';
import { UnauthorizedError } from '../core/errors';
import type { Logger } from '../core/logger';
import { SESSION_SECONDS } from './auth-rules';
import { decoyHash, verifyPassword } from './password';
import { guardPasswordAttempt } from './password-attempts';
import { deleteSession, rotateSession, saveSession } from './session-repository';
import { ACCESS_TOKEN_SECONDS, randomToken, sha256, signAccessToken } from './tokens';
import { findUserByEmail, findUserById, publicUser, type StoredUser } from './user-repository';

/** Sign-in, token renewal, sign-out and the signed-in user (spec 2.3, 7; DECISIONS 19). */
export function createSessionService({ log, now = () => new Date() }: { log: Logger; now?: () => Date }) {
  async function startSession(user: StoredUser, rememberMe: boolean): Promise<LoginResponse['data']> {
    const familyId = randomUUID();
    const secret = randomToken(32);
    const at = now();
    const lifetime = rememberMe ? SESSION_SECONDS.remembered : SESSION_SECONDS.browser;
    await saveSession({
      userId: user.id,
      familyId,
      currentHash: sha256(secret),
      createdAt: at.toISOString(),
      lastUsedAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + lifetime,
      rememberMe,
    });
    return {
      accessToken: await signAccessToken({
        userId: user.id,
        sessionId: familyId,
        emailVerified: user.emailVerified,
      }),
      refreshToken: `${user.id}.${familyId}.${secret}`,
      expiresIn: ACCESS_TOKEN_SECONDS,
      user: publicUser(user),
    };
  }

  return {
    async login(input: LoginInput, clientIp: string): Promise<LoginResponse['data']> {
      const user = await findUserByEmail(input.email);
      // Counted and limited like every password check (password-attempts.ts). An unknown address
      // costs the same hash as a known one: timing does not tell them apart.
      const ok = await guardPasswordAttempt({ email: input.email, clientIp }, async () =>
        verifyPassword(input.password, user?.passwordHash ?? (await decoyHash())),
      );
      if (!user || !ok) throw new UnauthorizedError(AUTH_TEXTS.invalidCredentials);
      return startSession(user, input.rememberMe ?? false);
    },

    async refresh(refreshToken: string): Promise<LoginResponse['data']> {
      const [userId, familyId, secret] = refreshToken.split('.');
      if (!userId || !familyId || !secret) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      const nextSecret = randomToken(32);
      const { outcome, session } = await rotateSession(
        userId,
        familyId,
        sha256(secret),
        sha256(nextSecret),
        now(),
      );
      if (outcome === 'reused') {
        // An old token came back: someone holds a copy. End the whole family.
        await deleteSession(userId, familyId);
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
        refreshToken: `${userId}.${familyId}.${nextSecret}`,
        expiresIn: ACCESS_TOKEN_SECONDS,
        user: publicUser(user),
      };
    },

    /**
     * Pairs the browser extension: a session of its own (30 days, like 'remember me'), so signing out
     * of the web app leaves the extension paired, and a password change or reset ends both.
     */
    async pairExtension(userId: string): Promise<LoginResponse['data']> {
      const user = await findUserById(userId);
      if (!user) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      return startSession(user, true);
    },

    async logout(userId: string, sessionId: string): Promise<void> {
      await deleteSession(userId, sessionId);
    },

    async me(userId: string): Promise<User> {
      const user = await findUserById(userId);
      if (!user) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      return publicUser(user);
    },
  };
}
