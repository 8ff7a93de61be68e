import { AUTH_TEXTS } from '../../shared/auth';
import { findUserById, type StoredUser } from '../auth/user-repository';
import type { AuthUser } from '../core/auth';
import { UnauthorizedError } from '../core/errors';

/** The stored user behind a request's access token; a user that is gone has no session left. */
export async function signedInUser(user: AuthUser): Promise<StoredUser> {
  const stored = await findUserById(user.id);
  if (!stored) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
  return stored;
}

/**
 * The stored owner of the workspace the request acts in (DECISIONS 31): the plan and its limits are the
 * workspace's, shared by its members.
 */
export async function workspaceOwner(user: AuthUser): Promise<StoredUser> {
  const stored = await findUserById(user.workspaceId);
  if (!stored) throw new UnauthorizedError(AUTH_TEXTS.sessionExpired);
  return stored;
}
