import { AUTH_TEXTS, type ChangePasswordInput } from '../../shared/auth';
import { refuseCommonPassword } from '../auth/common-password';
import { hashPassword, verifyPassword } from '../auth/password';
import { guardPasswordAttempt } from '../auth/password-attempts';
import { deleteSessionsExcept, setPassword, signedInUser } from '../auth/user-service';
import type { AuthUser } from '../core/auth';
import { ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { SessionSocketsService } from '../realtime/session-sockets-service';

export interface PasswordChangeDeps {
  log: Logger;
  now: () => Date;
  /** The ended sessions' sockets are closed. */
  sockets: Pick<SessionSocketsService, 'closeSessionSockets'>;
}

/** The password change route: its current password counts like sign-in's guesses (password-attempts.ts). */
export function createPasswordChangeService({ log, now, sockets }: PasswordChangeDeps) {
  return { changePassword };

  /** Keeps the session that asked and ends every other one (DESIGN.md 6). */
  async function changePassword(
    user: AuthUser,
    input: ChangePasswordInput,
    clientIp: string,
  ): Promise<{ message: string }> {
    const stored = await signedInUser(user);
    // A stolen access token must not guess the password without limit.
    const ok = await guardPasswordAttempt({ email: stored.email, clientIp }, () =>
      verifyPassword(input.currentPassword, stored.passwordHash),
    );
    if (!ok) {
      throw new ValidationError(AUTH_TEXTS.currentPasswordWrong, [
        { path: 'currentPassword', message: AUTH_TEXTS.currentPasswordWrong },
      ]);
    }
    refuseCommonPassword(input.newPassword, 'newPassword');
    await setPassword(stored.id, await hashPassword(input.newPassword), now());
    const ended = await deleteSessionsExcept(stored.id, user.sessionId);
    // The ended sessions' open sockets must not go on receiving progress.
    const socketsClosed = await sockets.closeSessionSockets(stored.id, { allSessionsExcept: user.sessionId });
    log.info('password changed', { userId: stored.id, sessionsEnded: ended, socketsClosed });
    return { message: AUTH_TEXTS.passwordChanged };
  }
}
