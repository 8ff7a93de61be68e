import { runAllowance } from '../../../shared/day-plan';
import type { StoredConnection } from '../../connections/connection-lookup-service';
import { accountDayPlan } from '../day-plan-service';
import type { FlowCounters } from './flow-context';

/**
 * A flow run is sized by its account's plan (issue 23 point 4): when it starts, the planner plans the
 * account's next 24 hours with this run as the first, and the run looks for the new prospects the
 * plan gives it. The share is kept in the job's counters, so a continuation keeps it. Each take still
 * goes to the governor: the plan cannot know who a search finds (people another flow has, people
 * already connected, people without a post), so a run may do less than planned, never more than the
 * account's budgets.
 */
export async function planShareOf(input: {
  workspaceId: string;
  connection: Pick<StoredConnection, 'id' | 'platform' | 'timeZone'>;
  flowId: string;
  now: Date;
}): Promise<NonNullable<FlowCounters['planShare']> | undefined> {
  const plan = await accountDayPlan(input.workspaceId, input.connection, input.now, { flowId: input.flowId });
  const allowance = runAllowance(plan, input.flowId, input.now);
  return allowance ? { prospects: allowance.prospects, takes: allowance.takes } : undefined;
}
