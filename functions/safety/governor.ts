import type { BudgetForecast } from '../../shared/automations-values';
import {
  type Acceptance,
  type InvitationLimit,
  limitedInvitations,
  limitSignalled,
  nextInvitationLimit,
} from '../../shared/invitation-limit';
import type { Platform } from '../../shared/platforms';
import { WARM_UP_DAYS, warmedLimit, warmUpShare } from '../../shared/warm-up';
import { DAY_MS, instantOf, isoDay, wallDayOf } from '../core/zone-clock';
import {
  type BudgetAccount,
  budgetUsed,
  giveBackBudget,
  type Periods,
  readInvitationLimit,
  readWarmUpStart,
  restAction,
  saveInvitationLimit,
  startWarmUp,
  takeBudget,
} from './budget-repository';
import {
  type ActionBudget,
  BUDGETS,
  type GovernedAction,
  isWriteAction,
  PLATFORM_LIMIT_REST_MS,
} from './budgets';

/**
 * The safety governor of one connected account (issue 11 point 8; DESIGN 5). Every platform action
 * of every run of the account asks it first; it answers yes (and spaces the action like a person
 * would) or "not before <time>", and the run waits or reschedules itself instead of overrunning.
 */
export type TakeAnswer =
  /** `takenAt` names the day and week the take was counted in (a give-back uses the same ones). */
  | { ok: true; takenAt: Date }
  /** 'planned': a flow run's share of its account's plan is used (issue 23 point 4). */
  | { ok: false; until: Date; why: 'daily' | 'weekly' | 'resting' | 'planned' };

export interface Governor {
  take(action: GovernedAction, count?: number): Promise<TakeAnswer>;
  /** Gives back actions a take counted and no action used (taken ahead, then not done). */
  giveBack(action: GovernedAction, count: number, takenAt: Date): Promise<void>;
  /** Waits a human-like random interval before the next action of this kind (scaled; 0 = none). */
  pace(action: GovernedAction): Promise<void>;
  /** The platform signalled a limit on this kind of action: rest it for hours. */
  rest(action: GovernedAction, until?: Date): Promise<Date>;
  /**
   * The daily and weekly limits of `action` in force at `at` (warm-up and adaptation applied; a
   * warm-up not started yet read as starting now), without starting it: what tomorrow's plan (issue 23
   * point 4) takes from.
   */
  limitsAt(action: GovernedAction, at: Date): Promise<{ daily: number; weekly: number }>;
  /** How many more of `action` the account's budget allows today (the daily and weekly left, the lower). */
  leftToday(action: GovernedAction): Promise<number>;
  /** When `remaining` more actions will be done at the account's daily budget. */
  forecast(action: GovernedAction, remaining: number, noun: string): Promise<BudgetForecast>;
  /**
   * Reads the acceptance of the account's last invitations into its invitation budget (issue 23
   * point 5): halved for a week below 15%, a quarter back a week while it holds. Answers the limit now
   * in force (undefined: the full budget).
   */
  assessInvitations(acceptance: Acceptance | undefined): Promise<InvitationLimit | undefined>;
}

export interface GovernorDeps {
  account: BudgetAccount;
  platform: Platform;
  now: () => Date;
  /** 1 = as a person would; 0 = no spacing (sandbox, tests). */
  pacingScale: number;
  budgets?: Readonly<Record<GovernedAction, ActionBudget>>;
  sleep?: (ms: number) => Promise<unknown>;
  random?: () => number;
  /** The account's IANA zone (DECISIONS 29); UTC when it never said. */
  timeZone?: string;
}

/**
 * The day and ISO week a moment falls in on the account's clock (DECISIONS 29): the windows the
 * counters are kept in, so budgets reset at the account's midnight and on its Monday, never at UTC's.
 */
export function periodsOf(at: Date, timeZone = 'UTC'): Periods {
  const wall = wallDayOf(at.getTime(), timeZone);
  // ISO week: the Thursday of this week decides the year.
  const date = new Date(wall);
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / DAY_MS + 1) / 7);
  return { day: isoDay(wall), week: `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}` };
}

/** The account's next midnight: when a spent daily budget is back. */
export function nextDay(at: Date, timeZone = 'UTC'): Date {
  return new Date(instantOf(wallDayOf(at.getTime(), timeZone) + DAY_MS, timeZone));
}

/** The account's next Monday, 00:00: when a spent weekly budget is back. */
export function nextWeek(at: Date, timeZone = 'UTC'): Date {
  const wall = wallDayOf(at.getTime(), timeZone);
  const weekday = new Date(wall).getUTCDay() || 7;
  return new Date(instantOf(wall + (8 - weekday) * DAY_MS, timeZone));
}

/** Whole days from the warm-up's start to `at`, on the account's clock (0 on the start's own day). */
export function warmUpDay(startedAt: string, at: Date, timeZone = 'UTC'): number {
  const start = wallDayOf(Date.parse(startedAt), timeZone);
  return Math.max(0, Math.round((wallDayOf(at.getTime(), timeZone) - start) / DAY_MS));
}

/** A budget as the warm-up allows it on `day` (issue 23 point 3). */
function warmed(budget: ActionBudget, day: number): ActionBudget {
  if (day >= WARM_UP_DAYS) return budget;
  const share = warmUpShare(day);
  return { ...budget, daily: warmedLimit(budget.daily, share), weekly: warmedLimit(budget.weekly, share) };
}

/** 'today', 'tomorrow', 'Thursday' within a week, else 'Dec 3', on the account's clock. */
export function dayWords(day: Date, now: Date, timeZone = 'UTC'): string {
  const days = Math.round((wallDayOf(day.getTime(), timeZone) - wallDayOf(now.getTime(), timeZone)) / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days < 7) return day.toLocaleDateString('en-US', { weekday: 'long', timeZone });
  return day.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone });
}

/** What a budget leaves today: the lower of the day's and the week's rest, never below 0. */
const leftOf = (budget: { daily: number; weekly: number }, used: { daily: number; weekly: number }) =>
  Math.max(0, Math.min(budget.daily - used.daily, budget.weekly - used.weekly));

export function createGovernor(deps: GovernorDeps): Governor {
  const { account } = deps;
  const budgets = deps.budgets ?? BUDGETS[deps.platform];
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const zone = deps.timeZone ?? 'UTC';
  const periods = (at: Date) => periodsOf(at, zone);
  /**
   * The budget of `action` now: a write action's is ramped by the account's warm-up, which its first
   * write take starts ('start'); a forecast only reads where the ramp stands ('read'); a plan reads it
   * as starting now when it has not ('plan': the first write will start it).
   */
  const budgetOf = async (
    action: GovernedAction,
    now: Date,
    start: boolean | 'plan',
  ): Promise<ActionBudget> => {
    const budget = budgets[action];
    if (!isWriteAction(action)) return budget;
    const startedAt =
      start === true
        ? await startWarmUp(account, now)
        : ((await readWarmUpStart(account)) ?? (start === 'plan' ? now.toISOString() : undefined));
    const ramped = startedAt ? warmed(budget, warmUpDay(startedAt, now, zone)) : budget;
    if (action !== 'invitations') return ramped;
    const limit = await readInvitationLimit(account);
    if (!limit) return ramped;
    return {
      ...ramped,
      daily: limitedInvitations(ramped.daily, limit.factor),
      weekly: limitedInvitations(ramped.weekly, limit.factor),
    };
  };
  return {
    async take(action, count = 1) {
      const now = deps.now();
      const budget = await budgetOf(action, now, true);
      const answer = await takeBudget(account, action, periods(now), budget, now, count);
      if (answer.ok) return { ok: true, takenAt: now };
      if (answer.refusal === 'daily') return { ok: false, why: 'daily', until: nextDay(now, zone) };
      if (answer.refusal === 'weekly') return { ok: false, why: 'weekly', until: nextWeek(now, zone) };
      const used = await budgetUsed(account, action, periods(now));
      const until = used.restUntil
        ? new Date(used.restUntil)
        : new Date(now.getTime() + PLATFORM_LIMIT_REST_MS);
      return { ok: false, why: 'resting', until };
    },
    async giveBack(action, count, takenAt) {
      await giveBackBudget(account, action, periods(takenAt), count);
    },
    async pace(action) {
      if (deps.pacingScale <= 0) return;
      const [min, max] = budgets[action].spacingMs;
      await sleep((min + random() * (max - min)) * deps.pacingScale);
    },
    async rest(action, until) {
      const now = deps.now();
      const end = until ?? new Date(now.getTime() + PLATFORM_LIMIT_REST_MS);
      await restAction(account, action, end, now);
      // A limit shown on invitations also halves their budget for a week (issue 23 point 5).
      if (action === 'invitations') await saveInvitationLimit(account, limitSignalled(now));
      return end;
    },
    async assessInvitations(acceptance) {
      const current = await readInvitationLimit(account);
      const next = nextInvitationLimit(current, acceptance, deps.now());
      if (next !== current) await saveInvitationLimit(account, next);
      return next;
    },
    async limitsAt(action, at) {
      const { daily, weekly } = await budgetOf(action, at, 'plan');
      return { daily, weekly };
    },
    async leftToday(action) {
      const now = deps.now();
      const used = await budgetUsed(account, action, periods(now));
      // A resting action (the platform signalled a limit) has nothing left until its rest ends.
      if (used.restUntil && new Date(used.restUntil) > now) return 0;
      return leftOf(await budgetOf(action, now, false), used);
    },
    async forecast(action, remaining, noun) {
      const now = deps.now();
      const budget = await budgetOf(action, now, false);
      const used = await budgetUsed(account, action, periods(now));
      const leftToday = leftOf(budget, used);
      const perDay = Math.max(1, Math.min(budget.daily, Math.floor(budget.weekly / 5)));
      const extraDays = remaining <= leftToday ? 0 : Math.ceil((remaining - leftToday) / perDay);
      const completeBy = wallDayOf(now.getTime(), zone) + extraDays * DAY_MS;
      return {
        remaining,
        perDay,
        completeBy: isoDay(completeBy),
        summary: `about ${remaining.toLocaleString('en-US')} ${noun} left; at today's budget, complete ${
          extraDays === 0 ? 'today' : `by ${dayWords(new Date(instantOf(completeBy, zone)), now, zone)}`
        }`,
      };
    },
  };
}
