import { TEAM_TEXTS } from '../../shared/team';
import { RateLimitedError } from '../core/errors';
import { type RateRule, record, release } from '../core/rate-limit';

/**
 * Invitation e-mails (issue 34 point 2), counted like the account mails (functions/auth/auth-rules.ts):
 * in sliding windows shared by every instance (core/rate-limit.ts). An invite and a resend each send one.
 * Per recipient address, so no owner (or several owners together) can flood an outside address, however
 * often an invitation is revoked and sent again; per owner, so one workspace cannot mail many addresses
 * in a burst. A refusal is a 429 with Retry-After and says which limit it met; nothing is written then.
 */
export const INVITATION_MAIL_RATE = {
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
export async function takeInvitationMail(
  ownerId: string,
  email: string,
  now: number,
): Promise<{ giveBack: () => Promise<void> }> {
  const rules = [INVITATION_MAIL_RATE.perAddress(email), INVITATION_MAIL_RATE.perOwner(ownerId)];
  const [toAddress, fromOwner] = await Promise.all(rules.map((rule) => record(rule, now)));
  const giveBack = () => release(rules, now);
  const over =
    toAddress!.count > rules[0]!.limit
      ? toAddress!
      : fromOwner!.count > rules[1]!.limit
        ? fromOwner
        : undefined;
  if (over) {
    // A refused mail is not sent, so it does not count against the next try.
    await giveBack();
    throw new RateLimitedError(
      over === toAddress ? TEAM_TEXTS.tooManyToAddress : TEAM_TEXTS.tooManyFromOwner,
      over.retryAfterSeconds,
    );
  }
  return { giveBack };
}
