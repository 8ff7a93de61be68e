import type { User } from '../../../../../shared/auth';
import type { Template } from '../../../../../shared/catalogue';
import { startRefusal } from '../../../../../shared/plan-policy';

export const START_TEXTS = {
  notLoggedIn: 'Please log in to start automation',
  failed: (message: string) => `Failed to start automation: ${message}`,
} as const;

/** What the page does when a check stops the start. */
export type StartBlock =
  | { kind: 'error'; message: string; redirectTo?: string }
  | { kind: 'connection-required' };

export interface StartContext {
  user: Pick<User, 'plan' | 'trialEndsAt'> | undefined;
  template: Pick<Template, 'isFlow' | 'isSmartFlow' | 'platform'>;
  /** The per-platform connection check (spec 4: a failure counts as not connected). */
  isConnected: () => Promise<boolean>;
  /**
   * The user's running automations (DECISIONS 20: pending, running, active); undefined when the list
   * cannot be read, and then the API's own limit check answers (DECISIONS 2).
   */
  runningCount: () => Promise<number | undefined>;
  accessToken: string | undefined;
}

/**
 * Spec 5 'Starting a trob from the detail page', in the spec's order; answers the first check that
 * stops the start, or undefined when the start may go ahead.
 */
export async function checkStart({
  user,
  template,
  isConnected,
  runningCount,
  accessToken,
}: StartContext): Promise<StartBlock | undefined> {
  // 1-4. Trial, automation limit (DECISIONS 20: pending, running and active count), smart flows,
  //      flows: the same function the API runs.
  const refusal = startRefusal(user, template, await runningCount());
  if (refusal) return { kind: 'error', ...refusal };
  // 5. The platform must be connected.
  if (!(await isConnected())) return { kind: 'connection-required' };
  // 6. A stored access token.
  if (!accessToken) return { kind: 'error', message: START_TEXTS.notLoggedIn, redirectTo: '/login' };
  return undefined;
}
