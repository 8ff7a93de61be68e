import type { User } from '../../../../shared/auth';
import { useSession } from './SessionProvider';

export type CurrentUser = User;

/** The signed-in user, or undefined for a visitor (and while a stored session is being restored). */
export function useCurrentUser(): CurrentUser | undefined {
  return useSession().user;
}
