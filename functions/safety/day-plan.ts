import {
  type BudgetLine,
  DAY_PLAN_ACTIONS,
  DAY_PLAN_TEXTS,
  type DayPlan,
  type DayPlanAction,
  type DayPlanCounts,
  type DayPlanRun,
  localTimeOf,
  zeroCounts,
} from '../../shared/day-plan';
import type { FlowWriteKind } from '../../shared/flows';
import { reviewModeOf } from '../../shared/review';
import type { GovernedAction } from './budgets';
import {
  type AccountState,
  type BudgetClock,
  budgetClock,
  connect,
  type DayPlanFlow,
  type DayPlanInput,
  discover,
  engage,
  type FlowBacklog,
  type FlowState,
  followUp,
  Run,
  readReplies,
  sendApproved,
} from './day-plan-stages';
import { nextDay, nextWeek } from './governor';

// What one real run may do: the runner caps its takes to its run's planned counts.
export { FOLLOW_UP_READS, REPLY_READS_PER_RUN, type RunAllowance, runAllowance } from '../../shared/day-plan';
export type { BudgetState, DayPlanFlow, DayPlanInput, FlowBacklog } from './day-plan-stages';

/**
 * The day plan ("Tomorrow's plan", issue 23 point 4): a dry run of the next 24 hours of one connected
 * account's flows, pure. Each run wants what its stages would ask the governor for
 * (functions/runs/handlers/flow-run.ts and flow-follow-up.ts), and takes it in time order from the
 * budgets the account has left, whose daily part comes back at the account's midnight and weekly part
 * on its Monday (DECISIONS 29). The runner caps a real run to its planned counts (`runAllowance`), so
 * what is shown is what happens.
 */

/** The day plan's actions are the governor's, one to one: this stops compiling when either list gains one. */
export const DAY_PLAN_ACTIONS_ARE_GOVERNED: [DayPlanAction, GovernedAction] extends [
  GovernedAction,
  DayPlanAction,
]
  ? true
  : never = true;

export const DAY_PLAN_WINDOW_MS = 24 * 3600 * 1000;

function dryRun(input: DayPlanInput, clock: BudgetClock, scheduled: Scheduled, account: AccountState) {
  const { flow, state, at } = scheduled;
  clock.moveTo(at);
  const run = new Run(clock, reviewModeOf(flow.config));
  const makes = (kind: FlowWriteKind) => !flow.writes || flow.writes.includes(kind);
  sendApproved(run, state, account);
  const notesLeft = input.account.notesLeft ?? Infinity;
  // Issue 36 point 6: the backlog first, then only as many new people as the budget still reaches.
  sendBacklog(run, state, account, notesLeft, makes);
  const first = makes('invite')
    ? 'invitations'
    : makes('comment')
      ? 'comments'
      : makes('like')
        ? 'likes'
        : undefined;
  const reachable = first ? clock.room(first) : undefined;
  const found = discover(run, state, account, flow.config, input.searchPageSize, reachable);
  // Each new prospect's profile is read once before it is scored; with the views spent, scored unread.
  run.attempt('profile-views', found);
  engage(run, found, makes);
  if (makes('invite')) connect(run, state, account, found, notesLeft);
  followUp(run, state, account, at, makes);
  readReplies(run, state);
  return run;
}

// --- The window ---

type Scheduled = { flow: DayPlanFlow; state: FlowState; at: Date };

function flowStateOf(backlog: FlowBacklog, to: number): FlowState {
  const withdrawalsDue = (backlog.withdrawalsDueAt ?? []).map((t) => Date.parse(t)).sort((a, b) => a - b);
  // Those due for withdrawal in the window are not counted on to accept; the others may.
  const mayAccept = Math.max(0, backlog.awaitingAnswer - withdrawalsDue.filter((t) => t < to).length);
  return {
    searchTotal: backlog.searchTotal ?? Infinity,
    foundBefore: backlog.foundBefore ?? 0,
    approved: { ...zeroCounts(), ...backlog.approved },
    waiting: { engagement: 0, invitation: 0, ...backlog.waiting },
    awaitingAnswer: backlog.awaitingAnswer,
    mayAccept: Math.min(backlog.expectedAcceptances ?? mayAccept, backlog.awaitingAnswer),
    toMessage: backlog.acceptedUnmessaged ?? 0,
    awaitingReply: backlog.awaitingReply,
    withdrawalsDue,
    carried: zeroCounts(),
  };
}

/**
 * Every run of the account's active flows in [now, to), in time order (a tie: by flow id): a flow's
 * scheduled run, then each next one by its schedule.
 */
function schedule(input: DayPlanInput, to: number): Scheduled[] {
  const runs: Scheduled[] = [];
  for (const flow of input.flows) {
    if (flow.status !== 'ACTIVE') continue;
    const state = flowStateOf(input.pending[flow.id] ?? { awaitingAnswer: 0, awaitingReply: 0 }, to);
    const scheduled = Date.parse(flow.nextRunAt ?? '');
    let at = scheduled >= input.now.getTime() ? new Date(scheduled) : input.nextRunAfter(input.now, flow);
    // A schedule rule that did not move forward would loop: it ends the flow's list instead.
    for (let last = -Infinity; at.getTime() < to && at.getTime() > last; at = input.nextRunAfter(at, flow)) {
      runs.push({ flow, state, at });
      last = at.getTime();
    }
  }
  return runs.sort((a, b) => a.at.getTime() - b.at.getTime() || a.flow.id.localeCompare(b.flow.id));
}

/**
 * The backlog's engagement and invitations (flow-run.ts sendBacklog): who the budget reaches leaves the
 * backlog; the rest wait for the next run, which asks for theirs again (carried: counted once).
 */
function sendBacklog(
  run: Run,
  flow: FlowState,
  account: AccountState,
  notesLeft: number,
  makes: (kind: FlowWriteKind) => boolean,
) {
  const { engagement, invitation } = flow.waiting;
  if (engagement + invitation === 0) return;
  const engaged = engage(run, engagement, makes, true);
  // Engaging invites nobody: who waited for an invitation still does.
  const invited = makes('invite') ? connect(run, flow, account, invitation, notesLeft, true) : 0;
  run.backlog = Math.max(engaged, invited);
  flow.waiting = { engagement: engagement - engaged, invitation: invitation - invited };
}

function dayPlanRunOf(
  { flow, at }: Scheduled,
  { prospects, backlog, planned, waitingForReview, leftOver }: Run,
): DayPlanRun {
  const timeZone = flow.config.executionSettings.workingHours.timezone;
  const localTime = localTimeOf(at, timeZone);
  const { id: flowId, name: flowName } = flow;
  return {
    flowId,
    flowName,
    at: at.toISOString(),
    localTime,
    timeZone,
    prospects,
    backlog,
    planned,
    waitingForReview,
    leftOver,
  };
}

function budgetLinesOf(input: DayPlanInput, runs: DayPlanRun[], recounted: DayPlanCounts): BudgetLine[] {
  const sum = (action: DayPlanAction, of: 'planned' | 'waitingForReview' | 'leftOver') =>
    runs.reduce((total, run) => total + run[of][action], 0);
  return DAY_PLAN_ACTIONS.map((action) => {
    const b = input.budgets[action];
    return {
      action,
      label: DAY_PLAN_TEXTS.actionLabels[action],
      remainingToday: Math.max(0, b.daily - b.usedToday),
      remainingThisWeek: Math.max(0, b.weekly - b.usedThisWeek),
      planned: sum(action, 'planned'),
      waitingForReview: sum(action, 'waitingForReview'),
      leftOver: sum(action, 'leftOver') - recounted[action],
    };
  });
}

export function dayPlanOf(input: DayPlanInput): DayPlan {
  if (!(input.searchPageSize >= 1)) throw new RangeError('searchPageSize must be at least 1');
  const from = input.now.getTime();
  const to = from + DAY_PLAN_WINDOW_MS;
  const clock = budgetClock(input);
  const account: AccountState = { pendingInvitations: input.account.pendingInvitations ?? 0, notesSent: 0 };
  const recounted = zeroCounts();
  const runs: DayPlanRun[] = [];
  for (const scheduled of schedule(input, to)) {
    // What the flow's last run left over is asked for again now: the totals count it once.
    for (const action of DAY_PLAN_ACTIONS) recounted[action] += scheduled.state.carried[action];
    const run = dryRun(input, clock, scheduled, account);
    scheduled.state.carried = run.carried;
    runs.push(dayPlanRunOf(scheduled, run));
  }
  const zone = input.account.timeZone;
  return {
    accountId: input.account.id,
    platform: input.account.platform,
    timeZone: zone,
    from: input.now.toISOString(),
    to: new Date(to).toISOString(),
    dayResetsAt: nextDay(input.now, zone).toISOString(),
    weekResetsAt: nextWeek(input.now, zone).toISOString(),
    runs,
    budgets: budgetLinesOf(input, runs, recounted),
  };
}
