/**
 * Warm-up (issue 23 point 3): a connected account first used for write actions (invitations,
 * messages, likes, comments, withdrawals) ramps up over 14 days from a fifth of its write budgets to all of them,
 * as a new or long-quiet account should. Read by the governor and by the connections page alike.
 */
export const WARM_UP_DAYS = 14;
/** The share of its budgets an account has on its first day of writes. */
export const WARM_UP_FIRST_SHARE = 1 / 5;

/**
 * The share of the write budgets on `day` (0 = the day of the first write, on the account's clock):
 * a fifth on day 0, growing evenly to all of them on day 14 and after.
 */
export function warmUpShare(day: number): number {
  if (day >= WARM_UP_DAYS) return 1;
  const progress = Math.max(0, day) / WARM_UP_DAYS;
  return WARM_UP_FIRST_SHARE + (1 - WARM_UP_FIRST_SHARE) * progress;
}

/** A limit scaled by the share: whole actions, never below one (a ramp never stops an account). */
export const warmedLimit = (limit: number, share: number): number => Math.max(1, Math.floor(limit * share));

/** Where a connection stands in the ramp, as the connections page shows it. */
export interface WarmUp {
  /** When its first write action was taken (ISO). */
  startedAt: string;
  /** 0 on the day of the first write, on the account's clock; WARM_UP_DAYS and more: done. */
  day: number;
  /** The share of its write budgets it has today (0.2 to 1). */
  share: number;
}

export const WARM_UP_TEXTS = {
  label: 'Warm-up',
  notStarted: 'Starts with its first invitation, message, like or comment',
  ramping: (warmUp: WarmUp) =>
    `Day ${warmUp.day + 1} of ${WARM_UP_DAYS}: ${Math.round(warmUp.share * 100)}% of its daily and weekly limits`,
  done: 'Done: full limits',
} as const;
