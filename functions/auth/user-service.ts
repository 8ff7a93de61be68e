import { AUTH_TEXTS } from '../../shared/auth';
import type { AuthUser } from '../core/auth';
import { UnauthorizedError } from '../core/errors';
import { listSessions, setSessionWorkspace } from './session-repository';
import { findUserById, type StoredUser, updateUser } from './user-repository';

/**
 * What the other domains use of the people and their sessions (auth's own code reads its repositories
 * itself): the user behind a request, the lookups, and the few changes another domain makes to a user or
 * a session: each one named here, so no other domain writes a user item or a session of its own accord.
 */
export { deleteSessionsExcept, setSessionWorkspace } from './session-repository';
export {
  changeUsername,
  DuplicateError,
  deleteUserEverywhere,
  findUserByEmail,
  findUserById,
  publicUser,
  type StoredUser,
  startTrialOnce,
  takeTrialFlowExecution,
} from './user-repository';

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

/** A new password (its hash): one-time tokens issued before `changedAt` are void from now on. */
export async function setPassword(userId: string, passwordHash: string, changedAt: Date): Promise<void> {
  await updateUser(userId, { passwordHash, passwordChangedAt: changedAt.toISOString() });
}

/**
 * The workspace the person's next sign-in resumes (DECISIONS 34): a team's, or undefined for their own
 * (a person who never joined a team carries nothing).
 */
export async function rememberWorkspace(userId: string, workspaceId: string | undefined): Promise<void> {
  await updateUser(userId, { lastWorkspaceId: workspaceId });
}

/**
 * Moves the user's sessions acting in `workspaceId` back to their own workspace (they stay signed in):
 * that workspace is gone, or no longer theirs to act in.
 */
export async function sendSessionsHome(userId: string, workspaceId: string): Promise<void> {
  const sessions = await listSessions(userId);
  for (const session of sessions.filter((s) => s.workspaceId === workspaceId))
    await setSessionWorkspace(userId, session.familyId, userId).catch(ignoreEndedSession);
}

/** A session that ended between the listing and the update has no workspace left to move. */
function ignoreEndedSession(error: unknown): void {
  if ((error as { name?: string })?.name !== 'ConditionalCheckFailedException') throw error;
}
