import { PENDING_INVITATION_LIMIT, PENDING_SLOWDOWN_SHARE, WITHDRAW_AFTER_DAYS } from './flow-options';

/**
 * Pending invitations kept tidy (issue 23 point 2). A connected account never holds more than
 * PENDING_INVITATION_LIMIT invitations waiting for an answer: from PENDING_SLOWDOWN_SHARE of it, a
 * run looks for fewer new prospects, in proportion to the room left, and none at the limit; and an
 * invitation still pending after the flow's withdrawAfterDays is withdrawn by a later run.
 */

/** The new prospects a run looks for with `pending` invitations held (its `prospectsPerRun` at most). */
export function prospectsWithin(
  prospectsPerRun: number,
  pending: number,
  limit = PENDING_INVITATION_LIMIT,
): number {
  const room = limit - pending;
  if (room <= 0) return 0;
  const slowdownFrom = Math.floor(limit * PENDING_SLOWDOWN_SHARE);
  if (pending < slowdownFrom) return Math.min(prospectsPerRun, room);
  // Between the slowdown's start and the limit: the share of the slowdown band still free.
  const share = room / (limit - slowdownFrom);
  return Math.max(1, Math.min(room, Math.ceil(prospectsPerRun * share)));
}

/** Whether an invitation sent at `sentAt` is due for withdrawal at `now`. */
export function isDueForWithdrawal(
  sentAt: string,
  now: Date,
  days: number = WITHDRAW_AFTER_DAYS.default,
): boolean {
  return now.getTime() - Date.parse(sentAt) >= days * 24 * 3600 * 1000;
}

export const PENDING_TEXTS = {
  slowed: (pending: number, limit: number, prospects: number, perRun: number) =>
    `The account holds ${pending} pending invitations (limit ${limit}): this run looks for ${prospects} new prospect${
      prospects === 1 ? '' : 's'
    } instead of ${perRun}`,
  full: (limit: number) =>
    `The account holds ${limit} pending invitations, its limit: no new prospects or invitations until some are answered or withdrawn`,
  withdrawn: (count: number, days: number) =>
    `Withdrew ${count} invitation${count === 1 ? '' : 's'} pending more than ${days} days`,
} as const;
