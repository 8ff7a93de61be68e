import { AUTH_TEXTS, type UpdateProfileInput, type User } from '../../shared/auth';
import { verifyPassword } from '../auth/password';
import { guardPasswordAttempt } from '../auth/password-attempts';
import {
  changeUsername,
  DuplicateError,
  deleteUserEverywhere,
  findUserById,
  publicUser,
  type StoredUser,
} from '../auth/user-repository';
import type { AuthUser } from '../core/auth';
import { ConflictError, UnauthorizedError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { RealtimeService } from '../realtime/realtime-service';

export async function signedInUser(user: AuthUser): Promise<StoredUser> {
  const stored = await findUserById(user.id);
  if (!stored) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
  return stored;
}

/**
 * The profile and account-deletion routes. A password change is its own service
 * (password-change-service.ts), so only its route's bundle carries the common-password list.
 */
export interface AccountDeps {
  log: Logger;
  /** Deleting an account closes its sockets first. */
  sockets: Pick<RealtimeService, 'closeSessionSockets'>;
}

export function createAccountService({ log, sockets }: AccountDeps) {
  return { updateProfile, deleteAccount };

  async function updateProfile(user: AuthUser, input: UpdateProfileInput): Promise<User> {
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

  /** DECISIONS 10: removes the user's data (connections, automations, leads, flows: all under USER#id). */
  async function deleteAccount(
    user: AuthUser,
    password: string,
    clientIp: string,
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
    await sockets.closeSessionSockets(stored.id, {});
    const removed = await deleteUserEverywhere(stored);
    log.info('account deleted', { userId: stored.id, itemsRemoved: removed });
    return { message: AUTH_TEXTS.accountDeleted };
  }
}
