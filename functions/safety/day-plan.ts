import {
  type BudgetLine,
  DAY_PLAN_TEXTS,
  type DayPlan,
  localTimeOf,
  PLAN_ACTIONS,
  type PlanAction,
  type PlanCounts,
  type PlannedRun,
  zeroCounts,
} from '../../shared/day-plan';
import type { FlowStatus } from '../../shared/flow-api';
import { PENDING_INVITATION_LIMIT } from '../../shared/flow-options';
import type { FlowConfig } from '../../shared/flows';
import { prospectsWithin } from '../../shared/pending-invitations';
import type { Platform } from '../../shared/platforms';
import { type ReviewMode, reviewModeOf, waitsForReview } from '../../shared/review';
import type { GovernedAction } from './budgets';
import { nextDay, nextWeek, periodsOf } from './governor';

// What one real run may do: the runner caps its takes to its run's planned counts.
export { type RunAllowance, runAllowance } from '../../shared/day-plan';

/**
 * Tomorrow's plan (issue 23 point 4): a dry run of the next 24 hours of one connected account's flows,
 * pure. Each run wants what its stages would ask the governor for (functions/runs/handlers/flow-run.ts
 * and flow-follow-up.ts), and takes it in time order from the budgets the account has left, whose
 * daily part comes back at the account's midnight and weekly part on its Monday (DECISIONS 29). The
 * runner caps a real run to its planned counts (`runAllowance`), so what is shown is what happens.
 */

/** The plan's actions are the governor's, one to one: this stops compiling when either list gains one. */
export const PLAN_ACTIONS_ARE_GOVERNED: [PlanAction, GovernedAction] extends [GovernedAction, PlanAction]
  ? true
  : never = true;

export const PLAN_WINDOW_MS = 24 * 3600 * 1000;
/** The follow-up stage's two reads (pending invitations, connections) before any message. */
export const FOLLOW_UP_READS = 2;
/** At most this many threads are read for replies a run (flow-follow-up.ts keeps the same number). */
export const REPLY_READS_PER_RUN = 20;

/** A budget as the governor applies it now (after warm-up and adaptation) and what is used of it. */
export type BudgetState = { daily: number; weekly: number; usedToday: number; usedThisWeek: number };

export interface PlanFlow {
  id: string;
  name: string;
  status: FlowStatus;
  config: FlowConfig;
  /** The run already scheduled (ISO); before `now`, it is under way and its takes are in `used`. */
  nextRunAt?: string;
}

/** What a flow carries into the window: counts the ledger and review queue give. */
export interface FlowBacklog {
  /** People the flow invited who have not accepted or declined. */
  awaitingAnswer: number;
  /** People the flow messaged who have not replied. */
  awaitingReply: number;
  /** Approved review items not sent yet, by the budget each takes: they go first at the next run. */
  approved?: Partial<PlanCounts>;
  /** Of `awaitingAnswer`, how many may have accepted (a message each); absent: all not due for withdrawal. */
  expectedAcceptances?: number;
  /** People found before (its prospects): a run walks the search from page 1, past them, to new ones. */
  foundBefore?: number;
  /** How many people the flow's search lists at all (the last run's count); absent: more than enough. */
  searchTotal?: number;
  /** When each of the flow's pending invitations falls due for withdrawal (ISO): a run withdraws the due. */
  withdrawalsDueAt?: readonly string[];
}

export interface DayPlanInput {
  now: Date;
  account: {
    id: string;
    platform: Platform;
    /** The account's IANA zone (DECISIONS 29). */
    timeZone: string;
    /** Invitations the account holds pending (its limit slows discovery). */
    pendingInvitations?: number;
    /** Notes it may add this month (a free account's 5, DECISIONS 28); absent: premium, no limit. */
    notesLeft?: number;
  };
  budgets: Record<GovernedAction, BudgetState>;
  /** The limits from the account's next midnight on, where they change (the warm-up's next day). */
  limitsAfterMidnight?: Partial<Record<GovernedAction, { daily: number; weekly: number }>>;
  flows: readonly PlanFlow[];
  pending: Readonly<Record<string, FlowBacklog>>;
  /** People a search page lists on this platform (the flow driver's: LINKEDIN_API.pageSizes.search). */
  searchPageSize: number;
  /**
   * The flow's first run strictly after `after` (jobs/flow-schedule.ts nextFlowRunAt): passed in, as
   * safety sits beside jobs in the domain order and imports none of it.
   */
  nextRunAfter: (after: Date, flow: PlanFlow) => Date;
}

// --- The account's budgets, moved along the window ---

function budgetClock(input: DayPlanInput) {
  const zone = input.account.timeZone;
  let periods = periodsOf(input.now, zone);
  const budgets = {} as Record<PlanAction, BudgetState>;
  for (const action of PLAN_ACTIONS) budgets[action] = { ...input.budgets[action] };
  return {
    /** A run's start: a new quota day (or week) on the account's clock starts its counters at zero. */
    moveTo(at: Date) {
      const next = periodsOf(at, zone);
      for (const action of PLAN_ACTIONS) {
        const b = budgets[action];
        if (next.day !== periods.day) Object.assign(b, input.limitsAfterMidnight?.[action], { usedToday: 0 });
        if (next.week !== periods.week) b.usedThisWeek = 0;
      }
      periods = next;
    },
    /** Takes up to `wanted`, as the governor would one by one: never past the daily or weekly budget. */
    take(action: PlanAction, wanted: number): number {
      const b = budgets[action];
      const taken = Math.max(0, Math.min(wanted, b.daily - b.usedToday, b.weekly - b.usedThisWeek));
      b.usedToday += taken;
      b.usedThisWeek += taken;
      return taken;
    },
  };
}
type BudgetClock = ReturnType<typeof budgetClock>;

// --- One run ---

/** What the account and a flow hold between runs, as the runs change it. */
type AccountState = { pendingInvitations: number; notesSent: number };
type FlowState = {
  searchTotal: number;
  foundBefore: number;
  approved: PlanCounts;
  awaitingAnswer: number;
  toMessage: number;
  awaitingReply: number;
  /** When each pending invitation falls due for withdrawal, the soonest first; withdrawn ones leave. */
  withdrawalsDue: number[];
  /** What the flow's last run left over and its next run asks for again (counted once in the totals). */
  carried: PlanCounts;
};

/** One run's counts as its stages ask the budgets. */
class Run {
  readonly planned = zeroCounts();
  readonly waitingForReview = zeroCounts();
  readonly leftOver = zeroCounts();
  /** Left over and asked for again by the flow's next run. */
  readonly carried = zeroCounts();
  prospects = 0;
  constructor(
    private readonly clock: BudgetClock,
    /** The flow's review mode: which of the run's writes wait for the user. */
    readonly mode: ReviewMode,
  ) {}
  /** Asks for `wanted` and answers what the budget gave; the rest is left over (and `carries` on). */
  attempt(action: PlanAction, wanted: number, carries = false): number {
    const taken = this.clock.take(action, wanted);
    this.planned[action] += taken;
    this.skip(action, wanted - taken, carries);
    return taken;
  }
  /** Left over: not asked for, as the stage stopped on a spent budget before it. */
  skip(action: PlanAction, count: number, carries = false) {
    this.leftOver[action] += count;
    if (carries) this.carried[action] += count;
  }
}

/** Approved review items first (flow-approved.ts): what the budget leaves waits for the next run. */
function sendApproved(run: Run, flow: FlowState, account: AccountState) {
  for (const action of PLAN_ACTIONS) {
    const wanted = flow.approved[action];
    if (wanted === 0) continue;
    const sent = run.attempt(action, wanted, true);
    flow.approved[action] -= sent;
    if (action === 'invitations') {
      account.pendingInvitations += sent;
      flow.awaitingAnswer += sent;
    }
    if (action === 'messages') flow.awaitingReply += sent;
  }
}

function discover(run: Run, flow: FlowState, account: AccountState, config: FlowConfig, pageSize: number) {
  const target = prospectsWithin(config.executionSettings.prospectsPerRun, account.pendingInvitations);
  // At the pending-invitation limit the run does not search at all.
  if (target === 0) return 0;
  // Pages until `target` new people are past the ones found before, or the search ends; an empty or
  // exhausted search still costs the page that says so.
  const total = flow.searchTotal;
  const wanted = Math.max(1, Math.ceil(Math.min(flow.foundBefore + target, total) / pageSize));
  const pages = run.attempt('searches', wanted);
  const found = Math.max(0, Math.min(target, Math.min(pages * pageSize, total) - flow.foundBefore));
  flow.foundBefore += found;
  run.prospects = found;
  return found;
}

/** Per prospect a view (its recent posts), a like and a comment; a spent budget ends the stage. */
function engage(run: Run, found: number) {
  const steps: Array<[PlanAction, boolean]> = [
    ['profile-views', false],
    ['likes', waitsForReview(run.mode, 'like', false)],
    ['comments', waitsForReview(run.mode, 'comment', true)],
  ];
  let stopped = false;
  for (let i = 0; i < found; i++) {
    for (const [action, waits] of steps) {
      if (stopped) run.skip(action, 1);
      else if (waits) run.waitingForReview[action]++;
      else stopped = run.attempt(action, 1) === 0;
    }
  }
}

/**
 * An invitation each, best scored first with the account's notes: under 'texts' an invitation with
 * a note waits and one without goes. A spent budget or the pending-invitation limit ends the stage.
 */
function connect(run: Run, flow: FlowState, account: AccountState, found: number, notesLeft: number) {
  let notes = Math.max(0, notesLeft - account.notesSent);
  let invited = 0;
  let stopped = false;
  for (let i = 0; i < found; i++) {
    if (stopped || account.pendingInvitations + invited >= PENDING_INVITATION_LIMIT) {
      stopped = true;
      run.skip('invitations', 1);
      continue;
    }
    const withNote = notes > 0;
    if (withNote) notes--;
    if (waitsForReview(run.mode, 'invite', withNote)) run.waitingForReview.invitations++;
    else if (run.attempt('invitations', 1) === 0) stopped = true;
    else {
      invited++;
      if (withNote) account.notesSent++;
    }
  }
  account.pendingInvitations += invited;
  flow.awaitingAnswer += invited;
}

/**
 * Two reads, then a message to each who accepted and a withdrawal of each invitation due
 * (flow-follow-up.ts); without both reads nothing of it happens this run.
 */
function followUp(run: Run, flow: FlowState, account: AccountState, at: Date) {
  if (flow.awaitingAnswer === 0) return;
  const due = flow.withdrawalsDue.filter((t) => t <= at.getTime()).length;
  const reads = run.attempt('list-pages', FOLLOW_UP_READS);
  if (reads < FOLLOW_UP_READS) {
    run.skip('messages', flow.toMessage, true);
    run.skip('withdrawals', due, true);
    return;
  }
  const toMessage = flow.toMessage;
  if (waitsForReview(run.mode, 'message', true)) {
    run.waitingForReview.messages += toMessage;
    flow.toMessage = 0;
  } else {
    const sent = run.attempt('messages', toMessage, true);
    flow.toMessage -= sent;
    flow.awaitingReply += sent;
  }
  // Whoever got a message (or has one waiting) accepted: no longer awaiting an answer.
  flow.awaitingAnswer -= toMessage - flow.toMessage;
  const withdrawn = run.attempt('withdrawals', due, true);
  flow.withdrawalsDue.splice(0, withdrawn);
  flow.awaitingAnswer -= withdrawn;
  account.pendingInvitations -= withdrawn;
}

/** One read per thread not answered yet, at most 20 a run; a spent budget ends the stage. */
function readReplies(run: Run, flow: FlowState) {
  run.attempt('list-pages', Math.min(REPLY_READS_PER_RUN, flow.awaitingReply));
}

function planRun(input: DayPlanInput, clock: BudgetClock, scheduled: Scheduled, account: AccountState) {
  const { flow, state, at } = scheduled;
  clock.moveTo(at);
  const run = new Run(clock, reviewModeOf(flow.config));
  sendApproved(run, state, account);
  const found = discover(run, state, account, flow.config, input.searchPageSize);
  engage(run, found);
  connect(run, state, account, found, input.account.notesLeft ?? Infinity);
  followUp(run, state, account, at);
  readReplies(run, state);
  return run;
}

// --- The window ---

type Scheduled = { flow: PlanFlow; state: FlowState; at: Date };

function flowStateOf(backlog: FlowBacklog): FlowState {
  const withdrawalsDue = (backlog.withdrawalsDueAt ?? []).map((t) => Date.parse(t)).sort((a, b) => a - b);
  const mayAccept = Math.max(0, backlog.awaitingAnswer - withdrawalsDue.length);
  return {
    searchTotal: backlog.searchTotal ?? Infinity,
    foundBefore: backlog.foundBefore ?? 0,
    approved: { ...zeroCounts(), ...backlog.approved },
    awaitingAnswer: backlog.awaitingAnswer,
    toMessage: Math.min(backlog.expectedAcceptances ?? mayAccept, backlog.awaitingAnswer),
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
    const state = flowStateOf(input.pending[flow.id] ?? { awaitingAnswer: 0, awaitingReply: 0 });
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

function plannedRunOf(
  { flow, at }: Scheduled,
  { prospects, planned, waitingForReview, leftOver }: Run,
): PlannedRun {
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
    planned,
    waitingForReview,
    leftOver,
  };
}

function budgetLinesOf(input: DayPlanInput, runs: PlannedRun[], recounted: PlanCounts): BudgetLine[] {
  const sum = (action: PlanAction, of: 'planned' | 'waitingForReview' | 'leftOver') =>
    runs.reduce((total, run) => total + run[of][action], 0);
  return PLAN_ACTIONS.map((action) => {
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

export function planDay(input: DayPlanInput): DayPlan {
  if (!(input.searchPageSize >= 1)) throw new RangeError('searchPageSize must be at least 1');
  const from = input.now.getTime();
  const to = from + PLAN_WINDOW_MS;
  const clock = budgetClock(input);
  const account: AccountState = { pendingInvitations: input.account.pendingInvitations ?? 0, notesSent: 0 };
  const recounted = zeroCounts();
  const runs: PlannedRun[] = [];
  for (const scheduled of schedule(input, to)) {
    // What the flow's last run left over is asked for again now: the totals count it once.
    for (const action of PLAN_ACTIONS) recounted[action] += scheduled.state.carried[action];
    const run = planRun(input, clock, scheduled, account);
    scheduled.state.carried = run.carried;
    runs.push(plannedRunOf(scheduled, run));
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
