import type { Platform } from './platforms';

/**
 * The day plan ("Tomorrow's plan", issue 23 point 4): for one connected account, a dry run of the
 * next 24 hours of its flows, each run's takes against the account's remaining daily and weekly
 * budgets, and what is left over for lack of budget. The API answers it to the connections page and
 * the flow's analytics; the runner caps each real run to its planned counts, so the preview is what
 * will happen. The planner itself is server code (functions/safety/day-plan.ts); here are the answer
 * and its words.
 */

/**
 * What a run takes from the account's budgets: the governor's action kinds, one to one (the planner
 * checks that at compile time), in the order the screens list them.
 */
/** A flow run's follow-up reads (the Sent list and the connections), taken together before any message. */
export const FOLLOW_UP_READS = 2;
/** At most this many threads a run reads for replies. */
export const REPLY_READS_PER_RUN = 20;

export const DAY_PLAN_ACTIONS = [
  'searches',
  'profile-views',
  'likes',
  'comments',
  'invitations',
  'messages',
  'list-pages',
  'withdrawals',
] as const;
export type DayPlanAction = (typeof DAY_PLAN_ACTIONS)[number];
export type DayPlanCounts = Record<DayPlanAction, number>;

export const zeroCounts = (): DayPlanCounts => ({
  searches: 0,
  'profile-views': 0,
  likes: 0,
  comments: 0,
  invitations: 0,
  messages: 0,
  'list-pages': 0,
  withdrawals: 0,
});

/** One run of one flow in the window. Per action: planned + waitingForReview + leftOver = what it wanted. */
export interface DayPlanRun {
  flowId: string;
  flowName: string;
  /** When it runs (ISO, UTC). */
  at: string;
  /** 'Fri 09:52' on the flow's clock (its working hours' zone). */
  localTime: string;
  /** The flow's zone. */
  timeZone: string;
  /** New prospects it plans to find. */
  prospects: number;
  /** Prospects of earlier runs it reaches first (issue 36 point 6: their writes waited for a budget). */
  backlog: number;
  /** Taken from the account's budgets: what the run does. */
  planned: DayPlanCounts;
  /** Writes recorded for the user's review instead of sent (the flow's review mode): nothing taken. */
  waitingForReview: DayPlanCounts;
  /** Wanted, but the account's budget (or the pending-invitation limit) leaves no room for it. */
  leftOver: DayPlanCounts;
}

/** One action kind of the account over the window. */
export interface BudgetLine {
  action: DayPlanAction;
  label: string;
  /** Left before the account's next midnight (its daily budget minus what is used). */
  remainingToday: number;
  /** Left before the account's next Monday (its weekly budget minus what is used). */
  remainingThisWeek: number;
  planned: number;
  waitingForReview: number;
  /** Still undone when the window ends: a thing carried from run to run is counted once. */
  leftOver: number;
}

export interface DayPlan {
  accountId: string;
  platform: Platform;
  /** The account's zone: its quota days and weeks (DECISIONS 29). */
  timeZone: string;
  /** The window, ISO: from the day plan's clock to 24 hours later. */
  from: string;
  to: string;
  /** The account's next midnight and next Monday 00:00 (ISO): when daily and weekly budgets come back. */
  dayResetsAt: string;
  weekResetsAt: string;
  /** Every run of the account's active flows in the window, in time order. */
  runs: DayPlanRun[];
  /** One line per action kind, in DAY_PLAN_ACTIONS order. */
  budgets: BudgetLine[];
}

/** What one real run may take: its planned counts, and the new prospects it looks for. */
export interface RunAllowance {
  prospects: number;
  takes: DayPlanCounts;
}

/**
 * What the run of `flowId` scheduled at `at` (the same minute) may do: the runner caps each take to
 * it, so the run does what the day plan showed. Undefined for a run the day plan does not hold
 * (Execute now): the governor alone decides that one.
 */
export function runAllowance(dayPlan: DayPlan, flowId: string, at: Date | string): RunAllowance | undefined {
  const minute = Math.floor(new Date(at).getTime() / 60_000);
  const run = dayPlan.runs.find(
    (r) => r.flowId === flowId && Math.floor(Date.parse(r.at) / 60_000) === minute,
  );
  return run ? { prospects: run.prospects, takes: { ...run.planned } } : undefined;
}

const localTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Fri 09:52': the weekday and 24-hour time of `at` in `timeZone`. */
export function localTimeOf(at: Date | string, timeZone: string): string {
  let format = localTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localTimeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.hour}:${parts.minute}`;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const DAY_PLAN_TEXTS = {
  /** A run's history when the day plan gives it fewer new prospects than the flow asks (budgets left). */
  runShare: (planned: number, perRun: number) =>
    `The account's budgets left give this run ${planned} new prospect${planned === 1 ? '' : 's'} of ${perRun} (see tomorrow's plan)`,
  title: 'Tomorrow’s plan',
  subtitle: (timeZone: string) =>
    `What this account’s flows do in the next 24 hours, within its daily and weekly limits (${timeZone})`,
  flowTitle: 'Next runs',
  empty: 'No flow runs on this account in the next 24 hours.',
  emptyFlow: 'This flow has no run in the next 24 hours.',
  loadFailed: 'Failed to load the plan',
  runAt: (localTime: string, timeZone: string) => `${localTime} (${timeZone})`,
  prospects: (n: number) => `${plural(n, 'new prospect')} to find`,
  backlog: (n: number) => `first, ${plural(n, 'prospect')} waiting from earlier runs`,
  planned: (n: number) => `${n.toLocaleString('en-US')} planned`,
  leftOver: (n: number) => `${n.toLocaleString('en-US')} left over for lack of budget`,
  waitingForReview: (n: number) => `${n.toLocaleString('en-US')} to review`,
  nothingLeftOver: 'Everything fits in the account’s limits',
  dayResets: (localTime: string) => `Daily limits come back ${localTime}`,
  weekResets: (localTime: string) => `Weekly limits come back ${localTime}`,
  columns: {
    action: 'Action',
    remainingToday: 'Left today',
    remainingThisWeek: 'Left this week',
    planned: 'Planned',
    waitingForReview: 'To review',
    leftOver: 'Left over',
  },
  actionLabels: {
    searches: 'Search pages',
    'profile-views': 'Profile views',
    likes: 'Likes',
    comments: 'Comments',
    invitations: 'Invitations',
    messages: 'Messages',
    'list-pages': 'List reads',
    withdrawals: 'Withdrawals',
  } satisfies Record<DayPlanAction, string>,
  /** Why counts are a ceiling: who accepted and who has a recent post is known only when a run reads it. */
  ceilingNote:
    'Messages count everyone who may have accepted, and likes and comments a recent post for every ' +
    'prospect: a run does fewer when fewer did.',
} as const;
