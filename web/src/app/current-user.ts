import type { UserPlan } from '../../../shared/pricing-plans';

export interface CurrentUser {
  readonly plan: UserPlan;
}

/**
 * The signed-in user, or undefined for a visitor. Sign-in does not exist yet, so everyone is a
 * visitor; the accounts issue fills this in, and every screen that asks goes through here.
 */
export function useCurrentUser(): CurrentUser | undefined {
  return undefined;
}
