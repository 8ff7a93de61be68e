import type { User } from '../../shared/auth';
import { hasFeature } from '../../shared/plan-policy';
import { loadWorkspaceAccess } from '../core/auth-state';
import { findUserById, personName, publicUser, type StoredUser } from './user-repository';

/**
 * The workspace a session acts in (DECISIONS 31, 34) as signing in and renewing see it: a new sign-in
 * resumes the workspace its person worked in last, and the user the API answers names the team's
 * workspace the session acts in, as `GET /api/auth/me` does, so the screens follow its plan at once.
 */

const hasTeam = (plan: unknown) => hasFeature(typeof plan === 'string' ? plan : undefined, 'team');

/**
 * The workspace a new session of `user` acts in: the team's they used last while they are still its
 * member and it is active (its owner on PLUS); else their own (no team, removed, team gone or paused).
 */
export async function resumedWorkspace(user: StoredUser): Promise<string> {
  const last = user.lastWorkspaceId;
  if (!last || last === user.id) return user.id;
  return (await loadWorkspaceAccess(user.id, last, hasTeam)) === 'member' ? last : user.id;
}

/** The user as the API shows them, with the team's workspace the session acts in (absent: their own). */
export async function userInWorkspace(user: StoredUser, workspaceId: string): Promise<User> {
  const owner = workspaceId === user.id ? undefined : await findUserById(workspaceId);
  if (!owner) return publicUser(user);
  const { plan, trialEndsAt } = publicUser(owner);
  return { ...publicUser(user), workspace: { id: owner.id, name: personName(owner), plan, trialEndsAt } };
}

/**
 * A renewed session's workspace as the auth hook will serve it: one its person was removed from, or
 * whose owner is gone, is served as their own (core/auth.ts), so the user answered is their own too.
 */
export async function servedWorkspace(
  user: StoredUser,
  sessionWorkspaceId: string | undefined,
): Promise<string> {
  if (!sessionWorkspaceId || sessionWorkspaceId === user.id) return user.id;
  const access = await loadWorkspaceAccess(user.id, sessionWorkspaceId, hasTeam);
  return access === 'removed' ? user.id : sessionWorkspaceId;
}
