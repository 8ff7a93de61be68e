import {
  DAY_PLAN_ACTIONS,
  type DayPlanAction,
  type DayPlanCounts,
  FOLLOW_UP_READS,
  REPLY_READS_PER_RUN,
  zeroCounts,
} from '../../shared/day-plan';
import type { FlowStatus } from '../../shared/flow-api';
import { PENDING_INVITATION_LIMIT } from '../../shared/flow-options';
import type { FlowConfig, FlowWriteKind } from '../../shared/flows';
import { prospectsWithin } from '../../shared/pending-invitations';
import type { Platform } from '../../shared/platforms';
import { type ReviewMode, waitsForReview } from '../../shared/review';
import type { GovernedAction } from './budgets';
import { periodsOf } from './governor';

/**
 * The day plan's parts (issue 23 point 4; day-plan.ts puts them together): what the planner is
 * given, the account's budgets moved along the window, and one run's stages, each asking the budgets
 * what flow-run.ts, flow-approved.ts and flow-follow-up.ts ask the governor.
 */

/** A budget as the governor applies it now (after warm-up and adaptation) and what is used of it. */
export type BudgetState = { daily: number; weekly: number; usedToday: number; usedThisWeek: number };

export interface DayPlanFlow {
  id: string;
  name: string;
  status: FlowStatus;
  config: FlowConfig;
  /** The run already scheduled (ISO); before `now`, it is under way and its takes are in `used`. */
  nextRunAt?: string;
  /** The writes its template makes (issue 36 found 5); absent: every one. */
  writes?: readonly FlowWriteKind[];
}

/** What a flow carries into the window: counts the ledger and review queue give. */
export interface FlowBacklog {
  /** People the flow invited who have not accepted or declined. */
  awaitingAnswer: number;
  /** People who accepted and have had no message from the flow yet: each gets one at its next run. */
  acceptedUnmessaged?: number;
  /** People the flow messaged who have not replied. */
  awaitingReply: number;
  /** Approved review items not sent yet, by the budget each takes: they go first at the next run. */
  approved?: Partial<DayPlanCounts>;
  /** Of `awaitingAnswer`, how many may have accepted (a message each); absent: all not due for withdrawal. */
  expectedAcceptances?: number;
  /**
   * Prospects of earlier runs still waiting for the flow's engagement or invitation (flows/backlog.ts):
   * a run reaches them first, before anyone new (issue 36 point 6).
   */
  waiting?: { engagement: number; invitation: number };
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
  flows: readonly DayPlanFlow[];
  pending: Readonly<Record<string, FlowBacklog>>;
  /** People a search page lists on this platform (the flow driver's: LINKEDIN_API.pageSizes.search). */
  searchPageSize: number;
  /**
   * The flow's first run strictly after `after` (flows/run/flow-schedule.ts nextFlowRunAt): passed in, as
   * safety sits beside jobs in the domain order and imports none of it.
   */
  nextRunAfter: (after: Date, flow: DayPlanFlow) => Date;
}

// --- The account's budgets, moved along the window ---

export function budgetClock(input: DayPlanInput) {
  const zone = input.account.timeZone;
  let periods = periodsOf(input.now, zone);
  const budgets = {} as Record<DayPlanAction, BudgetState>;
  for (const action of DAY_PLAN_ACTIONS) budgets[action] = { ...input.budgets[action] };
  return {
    /** A run's start: a new quota day (or week) on the account's clock starts its counters at zero. */
    moveTo(at: Date) {
      const next = periodsOf(at, zone);
      for (const action of DAY_PLAN_ACTIONS) {
        const b = budgets[action];
        if (next.day !== periods.day) Object.assign(b, input.limitsAfterMidnight?.[action], { usedToday: 0 });
        if (next.week !== periods.week) b.usedThisWeek = 0;
      }
      periods = next;
    },
    /** What is left of the action's budget now. */
    room(action: DayPlanAction): number {
      const b = budgets[action];
      return Math.max(0, Math.min(b.daily - b.usedToday, b.weekly - b.usedThisWeek));
    },
    /** Takes up to `wanted`, as the governor would one by one: never past the daily or weekly budget. */
    take(action: DayPlanAction, wanted: number): number {
      const b = budgets[action];
      const taken = Math.max(0, Math.min(wanted, b.daily - b.usedToday, b.weekly - b.usedThisWeek));
      b.usedToday += taken;
      b.usedThisWeek += taken;
      return taken;
    },
  };
}
export type BudgetClock = ReturnType<typeof budgetClock>;

// --- One run ---

/** What the account and a flow hold between runs, as the runs change it. */
export type AccountState = { pendingInvitations: number; notesSent: number };
export type FlowState = {
  searchTotal: number;
  foundBefore: number;
  approved: DayPlanCounts;
  /** The backlog (issue 36 point 6): earlier prospects waiting for engagement, for an invitation. */
  waiting: { engagement: number; invitation: number };
  awaitingAnswer: number;
  /** Of those awaiting an answer, how many may accept by the next read (a message each then). */
  mayAccept: number;
  /** Accepted, to be messaged. */
  toMessage: number;
  awaitingReply: number;
  /** When each pending invitation falls due for withdrawal, the soonest first; withdrawn ones leave. */
  withdrawalsDue: number[];
  /** What the flow's last run left over and its next run asks for again (counted once in the totals). */
  carried: DayPlanCounts;
};

/** One run's counts as its stages ask the budgets. */
export class Run {
  readonly planned = zeroCounts();
  readonly waitingForReview = zeroCounts();
  readonly leftOver = zeroCounts();
  /** Left over and asked for again by the flow's next run. */
  readonly carried = zeroCounts();
  prospects = 0;
  /** Prospects of earlier runs this run reaches first (issue 36 point 6). */
  backlog = 0;
  constructor(
    private readonly clock: BudgetClock,
    /** The flow's review mode: which of the run's writes wait for the user. */
    readonly mode: ReviewMode,
  ) {}
  /** Asks for `wanted` and answers what the budget gave; the rest is left over (and `carries` on). */
  attempt(action: DayPlanAction, wanted: number, carries = false): number {
    const taken = this.clock.take(action, wanted);
    this.planned[action] += taken;
    this.skip(action, wanted - taken, carries);
    return taken;
  }
  /** Asks for all of `wanted` at once (the governor's take of a count): all, or none and left over. */
  attemptAll(action: DayPlanAction, wanted: number): boolean {
    if (this.clock.room(action) < wanted) {
      this.skip(action, wanted);
      return false;
    }
    this.attempt(action, wanted);
    return true;
  }
  /** Left over: not asked for, as the stage stopped on a spent budget before it. */
  skip(action: DayPlanAction, count: number, carries = false) {
    this.leftOver[action] += count;
    if (carries) this.carried[action] += count;
  }
}

/** Approved review items first (flow-approved.ts): what the budget leaves waits for the next run. */
export function sendApproved(run: Run, flow: FlowState, account: AccountState) {
  for (const action of DAY_PLAN_ACTIONS) {
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

export function discover(
  run: Run,
  flow: FlowState,
  account: AccountState,
  config: FlowConfig,
  pageSize: number,
  /** What today's budget of the flow's first write to a new person still reaches (issue 36 point 6). */
  reachable = Number.POSITIVE_INFINITY,
) {
  const target = Math.min(
    reachable,
    prospectsWithin(config.executionSettings.prospectsPerRun, account.pendingInvitations),
  );
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

/**
 * Per prospect a view (its recent posts), a like and a comment, those the flow makes; a spent budget
 * ends the stage. A flow that makes neither reads no posts. Answers how many it reached (a like or a
 * comment planned or waiting for review). `carries`: those it does not reach are asked for again by
 * the flow's next run (the backlog), so what is left over of theirs is carried.
 */
export function engage(
  run: Run,
  found: number,
  makes: (kind: FlowWriteKind) => boolean = () => true,
  carries = false,
): number {
  if (!makes('like') && !makes('comment')) return 0;
  const steps: Array<[DayPlanAction, boolean]> = [
    ['profile-views', false],
    ...(makes('like')
      ? [['likes', waitsForReview(run.mode, 'like', false)] as [DayPlanAction, boolean]]
      : []),
    ...(makes('comment')
      ? [['comments', waitsForReview(run.mode, 'comment', true)] as [DayPlanAction, boolean]]
      : []),
  ];
  let stopped = false;
  let reached = 0;
  for (let i = 0; i < found; i++) {
    let written = false;
    const unmet: DayPlanAction[] = [];
    for (const [action, waits] of steps) {
      if (stopped) {
        run.skip(action, 1);
        unmet.push(action);
      } else if (waits) {
        run.waitingForReview[action]++;
        written = true;
      } else if (run.attempt(action, 1) === 0) {
        stopped = true;
        unmet.push(action);
      } else written ||= action !== 'profile-views';
    }
    if (written) reached++;
    // A like or comment made takes the prospect out of the backlog; one with neither stays in it.
    else if (carries) for (const action of unmet) run.carried[action]++;
  }
  return reached;
}

/**
 * An invitation each, best scored first with the account's notes: under 'texts' an invitation with
 * a note waits and one without goes. A spent budget or the pending-invitation limit ends the stage.
 * Answers how many it reached (sent or waiting for review); `carries`: the others are asked for again
 * by the flow's next run (the backlog).
 */
export function connect(
  run: Run,
  flow: FlowState,
  account: AccountState,
  found: number,
  notesLeft: number,
  carries = false,
): number {
  let notes = Math.max(0, notesLeft - account.notesSent);
  let invited = 0;
  let waiting = 0;
  let stopped = false;
  for (let i = 0; i < found; i++) {
    if (stopped || account.pendingInvitations + invited >= PENDING_INVITATION_LIMIT) {
      stopped = true;
      run.skip('invitations', 1, carries);
      continue;
    }
    const withNote = notes > 0;
    if (withNote) notes--;
    if (waitsForReview(run.mode, 'invite', withNote)) {
      run.waitingForReview.invitations++;
      waiting++;
    } else if (run.attempt('invitations', 1, carries) === 0) stopped = true;
    else {
      invited++;
      if (withNote) account.notesSent++;
    }
  }
  account.pendingInvitations += invited;
  flow.awaitingAnswer += invited;
  return invited + waiting;
}

/**
 * The follow-up (flow-follow-up.ts): with invitations awaiting an answer, the two reads (all or none),
 * then who accepted and the withdrawals due; then a message to each accepted person not messaged yet.
 * A flow whose template sends no message (issue 36 found 5) reads the answers and withdraws, no more.
 */
export function followUp(
  run: Run,
  flow: FlowState,
  account: AccountState,
  at: Date,
  makes: (kind: FlowWriteKind) => boolean = () => true,
) {
  const messages = makes('message');
  if (flow.awaitingAnswer > 0) {
    const due = flow.withdrawalsDue.filter((t) => t <= at.getTime()).length;
    if (!run.attemptAll('list-pages', FOLLOW_UP_READS)) {
      // Unread: whoever accepted is messaged at a later run that reads them.
      if (messages) run.skip('messages', flow.mayAccept);
      run.skip('withdrawals', due, true);
    } else {
      if (messages) flow.toMessage += flow.mayAccept;
      flow.awaitingAnswer -= flow.mayAccept;
      flow.mayAccept = 0;
      const withdrawn = run.attempt('withdrawals', due, true);
      flow.withdrawalsDue.splice(0, withdrawn);
      flow.awaitingAnswer -= withdrawn;
      account.pendingInvitations -= withdrawn;
    }
  }
  if (!messages || flow.toMessage === 0) return;
  if (waitsForReview(run.mode, 'message', true)) {
    // Written once and waiting in the queue: a later run finds it there, not a new one to write.
    run.waitingForReview.messages += flow.toMessage;
    flow.toMessage = 0;
    return;
  }
  const sent = run.attempt('messages', flow.toMessage, true);
  flow.toMessage -= sent;
  flow.awaitingReply += sent;
}

/** One read per thread not answered yet, at most 20 a run; a spent budget ends the stage. */
export function readReplies(run: Run, flow: FlowState) {
  run.attempt('list-pages', Math.min(REPLY_READS_PER_RUN, flow.awaitingReply));
}
