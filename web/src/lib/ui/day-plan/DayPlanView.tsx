import { Stack, Text } from '@mantine/core';
import {
  type BudgetLine,
  DAY_PLAN_TEXTS,
  type DayPlan,
  type DayPlanRun,
  localTimeOf,
} from '../../../../../shared/day-plan';
import { BudgetTable } from './BudgetTable';
import { DayPlanRuns } from './DayPlanRuns';

/** 'Sat 00:00 (Europe/Paris)': when the account's budgets come back, on its own clock. */
const onAccountClock = (dayPlan: DayPlan, at: string) =>
  DAY_PLAN_TEXTS.runAt(localTimeOf(at, dayPlan.timeZone), dayPlan.timeZone);

export interface DayPlanViewProps {
  dayPlan: DayPlan;
  /** The runs to show: the account's, or one flow's. */
  runs: readonly DayPlanRun[];
  /** The budget lines to show: all the account's, or those the shown runs draw on. */
  lines: readonly BudgetLine[];
  /** Said when `runs` is empty. */
  empty: string;
  /** Off where every run is the same flow's (its analytics page names it already). */
  showFlowName: boolean;
  budgetCaption: string;
}

/**
 * Tomorrow's plan (issue 23 point 4) as the connections page and a flow's analytics show it: the runs,
 * the budget lines, when the daily and weekly limits come back, and why the counts are a ceiling.
 */
export function DayPlanView({ dayPlan, runs, lines, empty, showFlowName, budgetCaption }: DayPlanViewProps) {
  return (
    <Stack gap="sm">
      {runs.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="day-plan-empty">
          {empty}
        </Text>
      ) : (
        <DayPlanRuns runs={runs} showFlowName={showFlowName} />
      )}
      {lines.length > 0 && <BudgetTable lines={lines} caption={budgetCaption} />}
      <div data-testid="day-plan-resets">
        <Text size="xs" c="dimmed">
          {DAY_PLAN_TEXTS.dayResets(onAccountClock(dayPlan, dayPlan.dayResetsAt))}
        </Text>
        <Text size="xs" c="dimmed">
          {DAY_PLAN_TEXTS.weekResets(onAccountClock(dayPlan, dayPlan.weekResetsAt))}
        </Text>
      </div>
      {runs.length > 0 && (
        <Text size="xs" c="dimmed">
          {DAY_PLAN_TEXTS.ceilingNote}
        </Text>
      )}
    </Stack>
  );
}
