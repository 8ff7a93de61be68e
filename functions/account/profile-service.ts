import { AUTH_TEXTS, type UpdateProfileInput, type User } from '../../shared/auth';
import { changeUsername, DuplicateError, publicUser, signedInUser } from '../auth/user-service';
import type { AuthUser } from '../core/auth';
import { ConflictError } from '../core/errors';

export type ProfileService = ReturnType<typeof createProfileService>;

/**
 * The profile route. Apart from account deletion (account-service.ts) so its bundle carries neither
 * password hashing nor the push port; it uses nothing beyond the user records, so it takes no deps.
 */
export function createProfileService() {
  return { updateProfile };

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
}
