import { AUTH_TEXTS, type ChangePasswordInput, type UpdateProfileInput, type User } from '../../shared/auth';
import { refuseCommonPassword } from '../auth/common-password';
import { hashPassword, verifyPassword } from '../auth/password';
import { guardPasswordAttempt } from '../auth/password-attempts';
import { deleteSessionsExcept } from '../auth/session-repository';
import {
  changeUsername,
  DuplicateError,
  deleteUserEverywhere,
  findUserById,
  publicUser,
  type StoredUser,
  updateUser,
} from '../auth/user-repository';
import type { AuthUser } from '../core/auth';
import { ConflictError, UnauthorizedError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import { closeSessionSockets } from '../realtime/realtime-service';

async function signedInUser(user: AuthUser): Promise<StoredUser> {
  const stored = await findUserById(user.id);
  if (!stored) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
  return stored;
}

/**
 * The account routes, as separate functions so each route's bundle carries only its own (the common
 * password list goes only where a password is set).
 */
export interface AccountDeps {
  log: Logger;
  now?: () => Date;
}

/** The routes that take the current password: their guesses count like sign-in's (password-attempts.ts). */
export interface PasswordRouteDeps extends AccountDeps {
  clientIp: string;
}

export async function updateProfile(user: AuthUser, input: UpdateProfileInput): Promise<User> {
  const stored = await signedInUser(user);
  try {
    // Empty names are removed rather than stored as blanks.
    const updated = await changeUsername(stored, input.username, {
      firstName: input.firstName || undefined,
      lastName: input.lastName || undefined,
    });
    return publicUser(updated);
  } catch (error) {
    if (error instanceof DuplicateError) {
      throw new ConflictError(AUTH_TEXTS.usernameTaken, [
        { path: 'username', message: AUTH_TEXTS.usernameTaken },
      ]);
    }
    throw error;
  }
}

/** Keeps the session that asked and ends every other one (DESIGN.md 6). */
export async function changePassword(
  user: AuthUser,
  input: ChangePasswordInput,
  { log, now = () => new Date(), clientIp }: PasswordRouteDeps,
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
  await updateUser(stored.id, {
    passwordHash: await hashPassword(input.newPassword),
    passwordChangedAt: now().toISOString(),
  });
  const ended = await deleteSessionsExcept(stored.id, user.sessionId);
  // The ended sessions' open sockets must not go on receiving progress.
  const socketsClosed = await closeSessionSockets(stored.id, { allSessionsExcept: user.sessionId });
  log.info('password changed', { userId: stored.id, sessionsEnded: ended, socketsClosed });
  return { message: AUTH_TEXTS.passwordChanged };
}

/** DECISIONS 10: removes the user's data (connections, automations, leads, flows: all under USER#id). */
export async function deleteAccount(
  user: AuthUser,
  password: string,
  { log, clientIp }: PasswordRouteDeps,
): Promise<{ message: string }> {
  const stored = await signedInUser(user);
  const ok = await guardPasswordAttempt({ email: stored.email, clientIp }, () =>
    verifyPassword(password, stored.passwordHash),
  );
  if (!ok) {
    throw new ValidationError(AUTH_TEXTS.passwordWrong, [
      { path: 'password', message: AUTH_TEXTS.passwordWrong },
    ]);
  }
  // Sockets first: their pointers live in the partition that is about to go.
  await closeSessionSockets(stored.id, {});
  const removed = await deleteUserEverywhere(stored);
  log.info('account deleted', { userId: stored.id, itemsRemoved: removed });
  return { message: AUTH_TEXTS.accountDeleted };
}
