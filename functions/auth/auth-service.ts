import { randomUUID } from 'node:crypto';
import {
  AUTH_TEXTS,
  type ForgotPasswordInput,
  type LoginInput,
  type LoginResponse,
  MESSAGES,
  type RegisterInput,
  type ResetPasswordInput,
  type User,
} from '../../shared/auth';
import { env } from '../core/env';
import { ConflictError, UnauthorizedError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { MailPort } from '../core/ports/mail';
import { type RateRule, release, take } from '../core/rate-limit';
import { registrationAttemptMail, resetMail, verificationMail } from './mail-templates';
import { consumeOneTimeToken, saveOneTimeToken, type TokenPurpose } from './one-time-token-repository';
import { decoyHash, hashPassword, isCommonPassword, verifyPassword } from './password';
import { deleteSession, deleteSessionsExcept, rotateSession, saveSession } from './session-repository';
import { ACCESS_TOKEN_SECONDS, randomToken, sha256, signAccessToken } from './tokens';
import {
  createUser,
  DuplicateError,
  findUserByEmail,
  findUserById,
  publicUser,
  type StoredUser,
  updateUser,
} from './user-repository';

/** Session lifetimes: absolute, whatever the refreshes. */
export const SESSION_SECONDS = { remembered: 30 * 24 * 3600, browser: 24 * 3600 } as const;
export const TOKEN_SECONDS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 3600,
  'reset-password': 3600,
};

/** Rate rules (DESIGN.md 6): failures per account and per client address; mails per address. */
export const RATE = {
  loginFailuresPerAccount: (email: string): RateRule => ({
    subject: `login-fail:email:${email}`,
    limit: 5,
    windowSeconds: 900,
  }),
  loginFailuresPerClient: (ip: string): RateRule => ({
    subject: `login-fail:ip:${ip}`,
    limit: 20,
    windowSeconds: 900,
  }),
  mailsPerAddress: (kind: string, email: string): RateRule => ({
    subject: `${kind}:email:${email}`,
    limit: 3,
    windowSeconds: 3600,
  }),
  mailsPerClient: (kind: string, ip: string): RateRule => ({
    subject: `${kind}:ip:${ip}`,
    limit: 10,
    windowSeconds: 3600,
  }),
};

export interface AuthDeps {
  mail: MailPort;
  log: Logger;
  now?: () => Date;
}

const appUrl = (path: string) => new URL(path, env().PUBLIC_APP_URL).toString();
const displayName = (u: Pick<StoredUser, 'firstName' | 'username'>) => u.firstName || u.username;

export function refusesCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password))
    throw new ValidationError(MESSAGES.passwordCommon, [{ path: field, message: MESSAGES.passwordCommon }]);
}

export function createAuthService({ mail, log, now = () => new Date() }: AuthDeps) {
  async function issueOneTimeToken(userId: string, purpose: TokenPurpose): Promise<string> {
    const token = randomToken(16);
    const at = now();
    await saveOneTimeToken(sha256(token), {
      purpose,
      userId,
      createdAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + TOKEN_SECONDS[purpose],
    });
    return token;
  }

  async function sendVerification(user: StoredUser): Promise<void> {
    const token = await issueOneTimeToken(user.id, 'verify-email');
    await mail.send(verificationMail(user.email, displayName(user), appUrl(`/verify-email?token=${token}`)));
  }

  async function startSession(user: StoredUser, rememberMe: boolean): Promise<LoginResponse['data']> {
    const familyId = randomUUID();
    const secret = randomToken(32);
    const at = now();
    await saveSession({
      userId: user.id,
      familyId,
      currentHash: sha256(secret),
      createdAt: at.toISOString(),
      lastUsedAt: at.toISOString(),
      expiresAt:
        Math.floor(at.getTime() / 1000) + (rememberMe ? SESSION_SECONDS.remembered : SESSION_SECONDS.browser),
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
    async register(input: RegisterInput, clientIp: string): Promise<{ message: string }> {
      refusesCommonPassword(input.password);
      const existing = await findUserByEmail(input.email);
      if (existing) {
        // Same answer as a new account, in the same time (the hash a new account costs), and the owner
        // hears about it by e-mail instead: nothing tells a stranger the address has an account.
        await hashPassword(input.password);
        await take(
          [RATE.mailsPerAddress('register', input.email), RATE.mailsPerClient('register', clientIp)],
          AUTH_TEXTS.tooManyAttempts,
        );
        await mail.send(
          registrationAttemptMail(
            existing.email,
            displayName(existing),
            appUrl('/login'),
            appUrl('/forgot-password'),
          ),
        );
        log.info('registration for an existing e-mail', { userId: existing.id });
        return { message: AUTH_TEXTS.registered };
      }
      const at = now().toISOString();
      const user: StoredUser = {
        id: randomUUID(),
        email: input.email,
        username: input.username,
        ...(input.firstName ? { firstName: input.firstName } : {}),
        ...(input.lastName ? { lastName: input.lastName } : {}),
        plan: 'FREE',
        trialEndsAt: null,
        emailVerified: false,
        createdAt: at,
        passwordHash: await hashPassword(input.password),
        passwordChangedAt: at,
      };
      try {
        await createUser(user);
      } catch (error) {
        if (error instanceof DuplicateError && error.field === 'username') {
          throw new ConflictError(AUTH_TEXTS.usernameTaken, [
            { path: 'username', message: AUTH_TEXTS.usernameTaken },
          ]);
        }
        // The e-mail was claimed between our read and write: answer as for any existing address.
        if (error instanceof DuplicateError) return { message: AUTH_TEXTS.registered };
        throw error;
      }
      await sendVerification(user);
      log.info('registered', { userId: user.id });
      return { message: AUTH_TEXTS.registered };
    },

    async verifyEmail(token: string): Promise<{ message: string; user: User }> {
      const found = await consumeOneTimeToken(sha256(token), 'verify-email', now());
      const user = found && (await updateUser(found.userId, { emailVerified: true }));
      if (!user) throw new ValidationError(AUTH_TEXTS.invalidVerificationLink);
      return { message: AUTH_TEXTS.emailVerified, user: publicUser(user) };
    },

    async resendVerification(email: string, clientIp: string): Promise<{ message: string }> {
      await take(
        [RATE.mailsPerAddress('verify', email), RATE.mailsPerClient('verify', clientIp)],
        AUTH_TEXTS.tooManyAttempts,
      );
      const user = await findUserByEmail(email);
      if (user && !user.emailVerified) await sendVerification(user);
      return { message: AUTH_TEXTS.verificationSent };
    },

    async login(input: LoginInput, clientIp: string): Promise<LoginResponse['data']> {
      const rules = [RATE.loginFailuresPerAccount(input.email), RATE.loginFailuresPerClient(clientIp)];
      // Every attempt counts as a failure before its password is checked, so guesses sent all at once
      // cannot outrun the limit; a right password gives its count back.
      await take(rules, AUTH_TEXTS.tooManyAttempts);
      const user = await findUserByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !ok) throw new UnauthorizedError(AUTH_TEXTS.invalidCredentials);
      await release(rules);
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

    async logout(userId: string, sessionId: string): Promise<void> {
      await deleteSession(userId, sessionId);
    },

    async me(userId: string): Promise<User> {
      const user = await findUserById(userId);
      if (!user) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
      return publicUser(user);
    },

    async forgotPassword(input: ForgotPasswordInput, clientIp: string): Promise<{ message: string }> {
      await take(
        [RATE.mailsPerAddress('reset', input.email), RATE.mailsPerClient('reset', clientIp)],
        AUTH_TEXTS.tooManyAttempts,
      );
      const user = await findUserByEmail(input.email);
      if (user) {
        const token = await issueOneTimeToken(user.id, 'reset-password');
        await mail.send(resetMail(user.email, displayName(user), appUrl(`/reset-password?token=${token}`)));
      }
      return { message: AUTH_TEXTS.resetSent };
    },

    async resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
      refusesCommonPassword(input.password);
      const found = await consumeOneTimeToken(sha256(input.token), 'reset-password', now());
      const user = found && (await findUserById(found.userId));
      // A link issued before the last password change is void, even if not yet used.
      if (!found || !user || found.createdAt < user.passwordChangedAt)
        throw new ValidationError(AUTH_TEXTS.invalidResetLink);
      const at = now().toISOString();
      // Following the link proves the address, so it counts as verification too.
      await updateUser(user.id, {
        passwordHash: await hashPassword(input.password),
        passwordChangedAt: at,
        emailVerified: true,
      });
      const ended = await deleteSessionsExcept(user.id);
      log.info('password reset', { userId: user.id, sessionsEnded: ended });
      return { message: AUTH_TEXTS.passwordReset };
    },

    sendVerification,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
