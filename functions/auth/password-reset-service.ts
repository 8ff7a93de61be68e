import { AUTH_TEXTS, type ForgotPasswordInput, type ResetPasswordInput } from '../../shared/auth';
import { ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import { take } from '../core/rate-limit';
import type { SessionSocketsService } from '../realtime/session-sockets-service';
import { RATE } from './auth-rules';
import { refuseCommonPassword } from './common-password';
import type { MailJobQueue } from './mail-jobs';
import { consumeOneTimeToken } from './one-time-token-repository';
import { hashPassword } from './password';
import { deleteSessionsExcept } from './session-repository';
import { sha256 } from './tokens';
import { findUserById, updateUser } from './user-repository';

/**
 * Forgotten passwords (spec 2.5, 2.6): a single-use link by e-mail; using it ends every session. Asking
 * for the link queues a mail and using it closes sockets, so they are two services and each route
 * carries one port.
 */
export interface PasswordResetMailDeps {
  mailJobs: MailJobQueue;
}

export interface PasswordResetDeps {
  log: Logger;
  now: () => Date;
  /** A reset ends every session, and their sockets with them. */
  sockets: SessionSocketsService;
}

export function createPasswordResetMailService({ mailJobs }: PasswordResetMailDeps) {
  return {
    async forgotPassword(input: ForgotPasswordInput, clientIp: string): Promise<{ message: string }> {
      await take(
        [RATE.mailsPerAddress('reset', input.email), RATE.mailsPerClient('reset', clientIp)],
        AUTH_TEXTS.tooManyAttempts,
      );
      // Queued for any address, known or not: the mail worker looks the account up (mail-jobs.ts), so
      // the answer takes the same time either way.
      await mailJobs.enqueue({ kind: 'password-reset', email: input.email });
      return { message: AUTH_TEXTS.resetSent };
    },
  };
}

export function createPasswordResetService({ log, now, sockets }: PasswordResetDeps) {
  return {
    async resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
      refuseCommonPassword(input.password);
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
      await sockets.closeSessionSockets(user.id, {});
      log.info('password reset', { userId: user.id, sessionsEnded: ended });
      return { message: AUTH_TEXTS.passwordReset };
    },
  };
}
