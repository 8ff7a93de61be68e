/**
 * Limits that adapt (issue 23 point 5): when fewer than 15% of an account's last 50 invitations were
 * accepted, or the platform shows a limit on invitations, its invitation budget halves for a week; then
 * it comes back a quarter a week while the acceptance rate holds. Read by the governor and the
 * connections page alike.
 */
export const ADAPTIVE_LIMITS = {
  /** The invitations the acceptance rate is read over, the newest first. */
  window: 50,
  /** Below this share accepted, the budget halves. */
  minAcceptance: 0.15,
  /** An invitation younger than this has not had its chance to be answered: not counted yet. */
  answerDays: 3,
  /** How long a halving (and each step back) lasts. */
  weekMs: 7 * 24 * 3600 * 1000,
  halved: 0.5,
  step: 0.25,
} as const;

export type InvitationLimitReason = 'low-acceptance' | 'limit-signal';

/** The account's invitation budget while it is below the full one. */
export interface InvitationLimit {
  /** The share of the invitation budget allowed (0.5, then 0.75). */
  factor: number;
  /** Until when this share holds (ISO); then the next assessment steps it up. */
  until: string;
  reason: InvitationLimitReason;
  /** The acceptance rate that was read (0 to 1), for a low-acceptance halving. */
  rate?: number;
}

/** Of the last invitations old enough to be answered, how many, and how many were accepted. */
export interface Acceptance {
  invited: number;
  accepted: number;
}

const later = (now: Date) => new Date(now.getTime() + ADAPTIVE_LIMITS.weekMs).toISOString();

/**
 * The next state from the current one and a fresh reading (undefined: fewer than 50 invitations old
 * enough to judge). A low rate halves for a week from now; a week over with the rate holding steps a
 * quarter back up, and at the full budget the limit is gone.
 */
export function nextInvitationLimit(
  current: InvitationLimit | undefined,
  acceptance: Acceptance | undefined,
  now: Date,
): InvitationLimit | undefined {
  const rate =
    acceptance && acceptance.invited >= ADAPTIVE_LIMITS.window
      ? acceptance.accepted / acceptance.invited
      : undefined;
  if (rate !== undefined && rate < ADAPTIVE_LIMITS.minAcceptance)
    return { factor: ADAPTIVE_LIMITS.halved, until: later(now), reason: 'low-acceptance', rate };
  if (!current || Date.parse(current.until) > now.getTime()) return current;
  const factor = current.factor + ADAPTIVE_LIMITS.step;
  if (factor >= 1) return undefined;
  return { ...current, factor, until: later(now), ...(rate === undefined ? {} : { rate }) };
}

/** The platform showed a limit on invitations: halved for a week from now. */
export const limitSignalled = (now: Date): InvitationLimit => ({
  factor: ADAPTIVE_LIMITS.halved,
  until: later(now),
  reason: 'limit-signal',
});

/** The invitation budget while a limit holds: whole invitations, never below one. */
export const limitedInvitations = (limit: number, factor: number): number =>
  Math.max(1, Math.floor(limit * factor));

const percent = (share: number) => `${Math.round(share * 100)}%`;

export const INVITATION_LIMIT_TEXTS = {
  label: 'Invitations',
  full: 'Full daily and weekly limits',
  /** Why the budget is below the full one, and until when (a date in the account's words). */
  limited: (limit: InvitationLimit, until: string) => {
    const share = `${percent(limit.factor)} of the usual limits until ${until}`;
    if (limit.reason === 'limit-signal')
      return `${share}: the platform showed a limit on invitations. They come back step by step.`;
    const rate =
      limit.rate === undefined
        ? ''
        : `only ${percent(limit.rate)} of the last ${ADAPTIVE_LIMITS.window} invitations were accepted`;
    return `${share}: ${rate || 'few invitations were accepted'} (below ${percent(ADAPTIVE_LIMITS.minAcceptance)}). They come back step by step as acceptance recovers.`;
  },
} as const;
