import { AUTH_TEXTS, type ForgotPasswordInput, type ResetPasswordInput } from '../../shared/auth';
import { ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { MailPort } from '../core/ports/mail';
import { take } from '../core/rate-limit';
import { RATE } from './auth-rules';
import { refuseCommonPassword } from './common-password';
import { resetMail } from './mail-templates';
import { consumeOneTimeToken } from './one-time-token-repository';
import { appUrl, displayName, issueOneTimeToken } from './one-time-tokens';
import { hashPassword } from './password';
import { deleteSessionsExcept } from './session-repository';
import { sha256 } from './tokens';
import { findUserByEmail, findUserById, updateUser } from './user-repository';

/** Forgotten passwords (spec 2.5, 2.6): a single-use link by e-mail; using it ends every session. */
export function createPasswordResetService({
  mail,
  log,
  now = () => new Date(),
}: {
  mail: MailPort;
  log: Logger;
  now?: () => Date;
}) {
  return {
    async forgotPassword(input: ForgotPasswordInput, clientIp: string): Promise<{ message: string }> {
      await take(
        [RATE.mailsPerAddress('reset', input.email), RATE.mailsPerClient('reset', clientIp)],
        AUTH_TEXTS.tooManyAttempts,
      );
      const user = await findUserByEmail(input.email);
      if (user) {
        const token = await issueOneTimeToken(user.id, 'reset-password', now());
        await mail.send(resetMail(user.email, displayName(user), appUrl(`/reset-password?token=${token}`)));
      }
      return { message: AUTH_TEXTS.resetSent };
    },

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
      log.info('password reset', { userId: user.id, sessionsEnded: ended });
      return { message: AUTH_TEXTS.passwordReset };
    },
  };
}
