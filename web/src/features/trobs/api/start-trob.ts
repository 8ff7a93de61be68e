import type { User } from '../../../../../shared/auth';
import type { Template } from '../../../../../shared/catalogue';
import {
  automationLimitMessage,
  FLOWS_NOT_IN_PLAN,
  hasFeature,
  isTrialExpired,
  limitsFor,
  mayCreateAutomation,
  SMART_FLOWS_NOT_IN_PLAN,
  TRIAL_EXPIRED_MESSAGE,
  upgradeHint,
} from '../../../../../shared/plan-policy';

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
  const plan = user?.plan;
  // 1. Trial expired.
  if (user && isTrialExpired(user)) {
    return { kind: 'error', message: TRIAL_EXPIRED_MESSAGE, redirectTo: '/pricing' };
  }
  // 2. Automation limit reached.
  const running = await runningCount();
  if (running !== undefined && !mayCreateAutomation(plan, running)) {
    const limit = limitsFor(plan).concurrentAutomations;
    return { kind: 'error', message: automationLimitMessage(limit), redirectTo: '/pricing' };
  }
  // 3. A smart-flow template needs the smartFlows feature.
  if (template.isSmartFlow && !hasFeature(plan, 'smartFlows')) {
    const hint = upgradeHint(plan);
    return { kind: 'error', message: hint ? `${SMART_FLOWS_NOT_IN_PLAN} ${hint}` : SMART_FLOWS_NOT_IN_PLAN };
  }
  // 4. A flow template needs the flows feature (DECISIONS 3).
  if (template.isFlow && !hasFeature(plan, 'flows')) {
    return { kind: 'error', message: FLOWS_NOT_IN_PLAN };
  }
  // 5. The platform must be connected.
  if (!(await isConnected())) return { kind: 'connection-required' };
  // 6. A stored access token.
  if (!accessToken) return { kind: 'error', message: START_TEXTS.notLoggedIn, redirectTo: '/login' };
  return undefined;
}
