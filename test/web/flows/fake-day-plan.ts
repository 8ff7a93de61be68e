import {
  type BudgetLine,
  DAY_PLAN_ACTIONS,
  DAY_PLAN_TEXTS,
  type DayPlan,
  type DayPlanCounts,
  type DayPlanRun,
  localTimeOf,
  zeroCounts,
} from '../../../shared/day-plan';
import { FLOW_ID } from './fake-analytics';

/**
 * The day plan (issue 23 point 4) as `GET /api/users/platforms/{id}/plan` and `GET /api/flows/{id}/plan`
 * answer it: an account in Paris, window from Friday 2025-03-14 19:00 there, two flows. The connections
 * and the flow analytics tests both read it.
 */
/** The analytics tests' flow: its runs are the second and third. */
export const DAY_PLAN_FLOW_ID = FLOW_ID;
export const OTHER_FLOW_ID = 'f-agency';

const counts = (some: Partial<DayPlanCounts>): DayPlanCounts => ({ ...zeroCounts(), ...some });

export function makeRun(overrides: Partial<DayPlanRun> & Pick<DayPlanRun, 'at' | 'timeZone'>): DayPlanRun {
  return {
    flowId: DAY_PLAN_FLOW_ID,
    flowName: 'Q3 founders outreach',
    localTime: localTimeOf(overrides.at, overrides.timeZone),
    prospects: 0,
    backlog: 0,
    planned: zeroCounts(),
    waitingForReview: zeroCounts(),
    leftOver: zeroCounts(),
    ...overrides,
  };
}

/** The runs, in time order: Sat 09:10 Paris (the other flow), Sat 09:52 and 13:30 New York (this one). */
export function dayPlanRuns(): DayPlanRun[] {
  return [
    makeRun({
      flowId: OTHER_FLOW_ID,
      flowName: 'Agency owners',
      at: '2025-03-15T08:10:00.000Z',
      timeZone: 'Europe/Paris',
      prospects: 1,
      planned: counts({ searches: 1, 'profile-views': 10 }),
    }),
    makeRun({
      at: '2025-03-15T13:52:00.000Z',
      timeZone: 'America/New_York',
      prospects: 25,
      planned: counts({ searches: 3, 'profile-views': 20, likes: 5, invitations: 10 }),
      waitingForReview: counts({ messages: 4 }),
      leftOver: counts({ invitations: 5 }),
    }),
    makeRun({
      at: '2025-03-15T17:30:00.000Z',
      timeZone: 'America/New_York',
      prospects: 5,
      // Issue 36 point 6: three of the flow's earlier prospects go first.
      backlog: 3,
      planned: counts({ 'profile-views': 5 }),
      leftOver: counts({ invitations: 8 }),
    }),
  ];
}

/** The account's lines: what the runs above take of what is left, and what stays undone. */
export function dayPlanBudgets(runs: readonly DayPlanRun[] = dayPlanRuns()): BudgetLine[] {
  const remaining: Partial<Record<(typeof DAY_PLAN_ACTIONS)[number], [number, number]>> = {
    searches: [20, 80],
    'profile-views': [80, 1200],
    likes: [30, 150],
    comments: [10, 40],
    invitations: [10, 60],
    messages: [40, 200],
    'list-pages': [50, 300],
    withdrawals: [5, 25],
  };
  const sum = (pick: (run: DayPlanRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return DAY_PLAN_ACTIONS.map((action) => ({
    action,
    label: DAY_PLAN_TEXTS.actionLabels[action],
    remainingToday: remaining[action]?.[0] ?? 0,
    remainingThisWeek: remaining[action]?.[1] ?? 0,
    planned: sum((run) => run.planned[action]),
    waitingForReview: sum((run) => run.waitingForReview[action]),
    // The second run's five invitations are carried to the third: counted once.
    leftOver: action === 'invitations' ? 8 : sum((run) => run.leftOver[action]),
  }));
}

export function makeDayPlan(overrides: Partial<DayPlan> = {}): DayPlan {
  const runs = overrides.runs ?? dayPlanRuns();
  return {
    accountId: 'urn-li-1',
    platform: 'linkedin',
    timeZone: 'Europe/Paris',
    from: '2025-03-14T18:00:00.000Z',
    to: '2025-03-15T18:00:00.000Z',
    // Midnight Friday to Saturday and Monday 00:00 in Paris (UTC+1 in March before the 30th).
    dayResetsAt: '2025-03-14T23:00:00.000Z',
    weekResetsAt: '2025-03-16T23:00:00.000Z',
    runs,
    budgets: dayPlanBudgets(runs),
    ...overrides,
  };
}

export const dayPlanAnswer = (dayPlan: DayPlan | null) => ({
  status: 200,
  body: { success: true, data: { plan: dayPlan } },
});
