import type { User } from '../../../../shared/auth';
import { useSession } from './SessionProvider';

export type CurrentUser = User;

/** The signed-in user, or undefined for a visitor (and while a stored session is being restored). */
export function useCurrentUser(): CurrentUser | undefined {
  return useSession().user;
}

/** The plan that rules a workspace: whose it is (its id) and its plan, as the screens' offers follow it. */
export type WorkspacePlan = Pick<User, 'id' | 'plan' | 'trialEndsAt'>;

/**
 * The plan of the workspace the session acts in (DECISIONS 31): a team's while the user works in one
 * (its limits and what its screens offer are the owner's plan's), else the user's own.
 */
export function useWorkspacePlan(): WorkspacePlan | undefined {
  const user = useCurrentUser();
  return user?.workspace ?? user;
}
