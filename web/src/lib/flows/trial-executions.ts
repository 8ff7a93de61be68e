import { FLOW_TEXTS } from '../../../../shared/flow-texts';
import {
  planOrFree,
  TRIAL_FLOW_EXECUTION_LIMIT as TRIAL_FLOW_EXECUTIONS,
} from '../../../../shared/plan-policy';

/**
 * DECISIONS 4: a trial runs at most 3 flow executions. The server counts them and refuses the fourth;
 * the browser keeps a mirror of the count (per user, in local storage) only to say so at once, before
 * any call, and to send the user to /pricing: from the wizard's Start and from the analytics page's
 * 'Execute now' alike.
 */
const storageKey = (userId: string) => `trobly.flowTrialExecutions.${userId}`;

export const TRIAL_LIMIT_MESSAGE = FLOW_TEXTS.errors.trialLimit;

export function trialExecutionsUsed(userId: string): number {
  try {
    const stored = Number(window.localStorage.getItem(storageKey(userId)));
    return Number.isInteger(stored) && stored > 0 ? stored : 0;
  } catch {
    return 0;
  }
}

function store(userId: string, used: number): void {
  try {
    window.localStorage.setItem(storageKey(userId), String(used));
  } catch {
    // Storage refused (private mode, full): the server's count still holds.
  }
}

/** One more execution of a trial user's flows (a start or an execute-now the API accepted). */
export function countTrialExecution(userId: string): void {
  store(userId, trialExecutionsUsed(userId) + 1);
}

/** The API said the limit is reached: the mirror follows it. */
export function markTrialLimitReached(userId: string): void {
  store(userId, Math.max(trialExecutionsUsed(userId), TRIAL_FLOW_EXECUTIONS));
}

/** Whether a trial user has used the trial's executions, as far as this browser knows. */
export function trialLimitReached(
  user: { id: string; plan: string | null | undefined } | undefined,
): boolean {
  if (!user || planOrFree(user.plan) !== 'TRIAL') return false;
  return trialExecutionsUsed(user.id) >= TRIAL_FLOW_EXECUTIONS;
}

/** Whether an API refusal is the trial's limit (its 403 with the spec's words). */
export function isTrialLimitRefusal(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { status?: unknown }).status === 403 &&
    (error as { message?: unknown }).message === TRIAL_LIMIT_MESSAGE
  );
}
