import { TEAM_TEXTS } from '../../shared/team-texts';
import { RateLimitedError } from '../core/errors';
import { type RateRule, record, release } from '../core/rate-limit';

/**
 * Team invitation e-mails (issue 34 point 2), counted like the account mails (functions/auth/auth-rules.ts):
 * in sliding windows shared by every instance (core/rate-limit.ts). An invite and a resend each send one.
 * Per recipient address, so no owner (or several owners together) can flood an outside address, however
 * often an invitation is revoked and sent again; per owner, so one workspace cannot mail many addresses
 * in a burst. A refusal is a 429 with Retry-After and says which limit it met; nothing is written then.
 */
export const TEAM_INVITATION_MAIL_RATE = {
  perAddress: (email: string): RateRule => ({
    subject: `team-invite:email:${email.toLowerCase()}`,
    limit: 3,
    windowSeconds: 3600,
  }),
  perOwner: (ownerId: string): RateRule => ({
    subject: `team-invite:owner:${ownerId}`,
    limit: 20,
    windowSeconds: 3600,
  }),
};

/**
 * Counts one invitation mail to `email` from `ownerId`, or refuses it; `give back` returns the count when
 * the invitation then turns out not to be sent (seats full, already invited).
 */
export async function takeTeamInvitationMail(
  ownerId: string,
  email: string,
  now: number,
): Promise<{ giveBack: () => Promise<void> }> {
  const limits = [
    { rule: TEAM_INVITATION_MAIL_RATE.perAddress(email), message: TEAM_TEXTS.tooManyToAddress },
    { rule: TEAM_INVITATION_MAIL_RATE.perOwner(ownerId), message: TEAM_TEXTS.tooManyFromOwner },
  ];
  const rules = limits.map((l) => l.rule);
  const counts = await Promise.all(rules.map((rule) => record(rule, now)));
  const giveBack = () => release(rules, now);
  const over = limits.findIndex((l, i) => counts[i]!.count > l.rule.limit);
  if (over >= 0) {
    // A refused mail is not sent, so it does not count against the next try.
    await giveBack();
    throw new RateLimitedError(limits[over]!.message, counts[over]!.retryAfterSeconds);
  }
  return { giveBack };
}
