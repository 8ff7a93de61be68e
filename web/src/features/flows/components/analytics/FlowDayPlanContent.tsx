import {
  DAY_PLAN_ACTIONS,
  DAY_PLAN_TEXTS,
  type DayPlan,
  type DayPlanRun,
} from '../../../../../../shared/day-plan';
import { DayPlanView } from '../../../../lib/ui/day-plan/DayPlanView';
import { DAY_PLAN_UI_TEXTS } from '../../../../lib/ui/day-plan/day-plan-texts';

/** The actions the runs want anything of: planned, waiting for review or left over. */
function actionsUsedBy(runs: readonly DayPlanRun[]) {
  return new Set(
    DAY_PLAN_ACTIONS.filter((action) =>
      runs.some((run) => run.planned[action] + run.waitingForReview[action] + run.leftOver[action] > 0),
    ),
  );
}

/**
 * The Next runs card's body (its own chunk, loaded after the analytics page's): the day plan is the whole
 * account's, so it keeps this flow's runs, and of the account's budget lines those these runs draw on.
 */
export default function FlowDayPlanContent({ dayPlan, flowId }: { dayPlan: DayPlan; flowId: string }) {
  const runs = dayPlan.runs.filter((run) => run.flowId === flowId);
  const used = actionsUsedBy(runs);
  return (
    <DayPlanView
      dayPlan={dayPlan}
      runs={runs}
      lines={dayPlan.budgets.filter((line) => used.has(line.action))}
      empty={DAY_PLAN_TEXTS.emptyFlow}
      showFlowName={false}
      budgetCaption={DAY_PLAN_UI_TEXTS.flowBudgetCaption}
    />
  );
}
