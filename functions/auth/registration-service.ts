import { randomUUID } from 'node:crypto';
import { AUTH_TEXTS, type RegisterInput, type User } from '../../shared/auth';
import { ConflictError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import { take } from '../core/rate-limit';
import { RATE } from './auth-rules';
import { refuseCommonPassword } from './common-password';
import type { MailJobQueue } from './mail-jobs';
import { consumeOneTimeToken } from './one-time-token-repository';
import { hashPassword } from './password';
import { sha256 } from './tokens';
import {
  createUser,
  DuplicateError,
  findUserByEmail,
  isUsernameTaken,
  publicUser,
  type StoredUser,
  updateUser,
} from './user-repository';

const usernameTaken = () =>
  new ConflictError(AUTH_TEXTS.usernameTaken, [{ path: 'username', message: AUTH_TEXTS.usernameTaken }]);

/**
 * Sign-up and e-mail verification (spec 2.4, 2.7; DECISIONS 8). Registration answers the same for an
 * address with an account and one without, in status, body and work on the request path: every
 * registration is limited per address and per client, a taken username is refused before the address
 * is looked at (so the 409 says nothing about it), both branches cost one password hash and queue one
 * mail job, and the owner of a known address hears about the attempt by e-mail instead. Three services,
 * by what their routes carry: registering checks the common passwords, resending only queues a mail,
 * verifying uses no port.
 */
export interface RegistrationDeps {
  mailJobs: MailJobQueue;
  log: Logger;
  now: () => Date;
}

export function createRegistrationService({ mailJobs, log, now }: RegistrationDeps) {
  return {
    async register(input: RegisterInput, clientIp: string): Promise<{ message: string }> {
      refuseCommonPassword(input.password);
      // Each registration can mail an address the caller chose: limited like the other mailing routes.
      await take(
        [RATE.mailsPerAddress('register', input.email), RATE.mailsPerClient('register', clientIp)],
        AUTH_TEXTS.tooManyAttempts,
      );
      if (await isUsernameTaken(input.username)) throw usernameTaken();
      const passwordHash = await hashPassword(input.password);
      const existing = await findUserByEmail(input.email);
      if (existing) {
        await mailJobs.enqueue({ kind: 'sign-up-attempt', email: existing.email });
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
        passwordHash,
        passwordChangedAt: at,
      };
      try {
        await createUser(user);
      } catch (error) {
        // Lost a race for the username since the check above (the only way here): still a 409.
        if (error instanceof DuplicateError && error.field === 'username') throw usernameTaken();
        // The e-mail was claimed between our read and write: answer as for any existing address.
        if (error instanceof DuplicateError) {
          await mailJobs.enqueue({ kind: 'sign-up-attempt', email: input.email });
          return { message: AUTH_TEXTS.registered };
        }
        throw error;
      }
      await mailJobs.enqueue({ kind: 'verification', email: user.email });
      log.info('registered', { userId: user.id });
      return { message: AUTH_TEXTS.registered };
    },
  };
}

/** Sends the verification link again (spec 2.7); like registering, it only queues a mail job. */
export interface VerificationMailDeps {
  mailJobs: MailJobQueue;
}

export function createVerificationMailService({ mailJobs }: VerificationMailDeps) {
  return {
    async resendVerification(email: string, clientIp: string): Promise<{ message: string }> {
      await take(
        [RATE.mailsPerAddress('verify', email), RATE.mailsPerClient('verify', clientIp)],
        AUTH_TEXTS.tooManyAttempts,
      );
      // Queued for any address: the mail worker sends only to an account that is not verified yet.
      await mailJobs.enqueue({ kind: 'verification', email });
      return { message: AUTH_TEXTS.verificationSent };
    },
  };
}

/** E-mail verification (spec 2.7): the link's single-use token; it needs no port. */
export interface EmailVerificationDeps {
  now: () => Date;
}

export function createEmailVerificationService({ now }: EmailVerificationDeps) {
  return {
    async verifyEmail(token: string): Promise<{ message: string; user: User }> {
      const found = await consumeOneTimeToken(sha256(token), 'verify-email', now());
      const user = found && (await updateUser(found.userId, { emailVerified: true }));
      if (!user) throw new ValidationError(AUTH_TEXTS.invalidVerificationLink);
      return { message: AUTH_TEXTS.emailVerified, user: publicUser(user) };
    },
  };
}
