import { randomUUID } from 'node:crypto';
import { AUTH_TEXTS, type RegisterInput, type User } from '../../shared/auth';
import { ConflictError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { MailPort } from '../core/ports/mail';
import { take } from '../core/rate-limit';
import { RATE } from './auth-rules';
import { refuseCommonPassword } from './common-password';
import { registrationAttemptMail, verificationMail } from './mail-templates';
import { consumeOneTimeToken } from './one-time-token-repository';
import { appUrl, displayName, issueOneTimeToken } from './one-time-tokens';
import { hashPassword } from './password';
import { sha256 } from './tokens';
import {
  createUser,
  DuplicateError,
  findUserByEmail,
  publicUser,
  type StoredUser,
  updateUser,
} from './user-repository';

/** Sign-up and e-mail verification (spec 2.4, 2.7; DECISIONS 8). */
export function createRegistrationService({
  mail,
  log,
  now = () => new Date(),
}: {
  mail: MailPort;
  log: Logger;
  now?: () => Date;
}) {
  async function sendVerification(user: StoredUser): Promise<void> {
    const token = await issueOneTimeToken(user.id, 'verify-email', now());
    await mail.send(verificationMail(user.email, displayName(user), appUrl(`/verify-email?token=${token}`)));
  }

  return {
    async register(input: RegisterInput, clientIp: string): Promise<{ message: string }> {
      refuseCommonPassword(input.password);
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
  };
}
