import type { RunContext } from '../../functions/engine/run-context';
import type { BUDGETS } from '../../functions/safety/budgets';
import { createGovernor } from '../../functions/safety/governor';

/**
 * A run's governorFor for a bench, which times work, not waiting for tomorrow: the product's governor
 * at `pacingScale`, with LinkedIn's budgets replaced by `linkedinBudgets` (the other platforms' as
 * they are).
 */
export function benchGovernorFor(
  pacingScale: number,
  linkedinBudgets: typeof BUDGETS.linkedin,
): RunContext['governorFor'] {
  return (account, platform) =>
    createGovernor({
      account,
      platform,
      now: () => new Date(),
      pacingScale,
      ...(platform === 'linkedin' ? { budgets: linkedinBudgets } : {}),
    });
}
