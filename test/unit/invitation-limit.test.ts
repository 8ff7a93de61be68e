import { describe, expect, it } from 'vitest';
import {
  ADAPTIVE_LIMITS,
  INVITATION_LIMIT_TEXTS,
  limitedInvitations,
  limitSignalled,
  nextInvitationLimit,
} from '../../shared/invitation-limit';

/** Issue 23 point 5: below 15% of the last 50 accepted, the invitation budget halves for a week. */
const NOW = new Date('2026-11-25T10:00:00Z');
const WEEK = ADAPTIVE_LIMITS.weekMs;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('the adaptive invitation budget', () => {
  it('halves for a week below 15% of the last 50 accepted, and not at 15% exactly', () => {
    expect(nextInvitationLimit(undefined, { invited: 50, accepted: 7 }, NOW)).toEqual({
      factor: 0.5,
      until: at(WEEK).toISOString(),
      reason: 'low-acceptance',
      rate: 0.14,
    });
    expect(nextInvitationLimit(undefined, { invited: 50, accepted: 8 }, NOW)).toBeUndefined();
  });

  it('judges the share accepted: 15 of 100 holds, 14 of 100 halves', () => {
    expect(nextInvitationLimit(undefined, { invited: 100, accepted: 15 }, NOW)).toBeUndefined();
    expect(nextInvitationLimit(undefined, { invited: 100, accepted: 14 }, NOW)).toMatchObject({
      factor: 0.5,
      rate: 0.14,
    });
  });

  it('reads the last 50 invitations at least 3 days old, and holds each step a week', () => {
    expect(ADAPTIVE_LIMITS).toEqual({
      window: 50,
      minAcceptance: 0.15,
      answerDays: 3,
      weekMs: 7 * 24 * 3600 * 1000,
      halved: 0.5,
      step: 0.25,
    });
  });

  it('does not judge on fewer than 50 invitations old enough to be answered', () => {
    expect(nextInvitationLimit(undefined, { invited: 49, accepted: 0 }, NOW)).toBeUndefined();
    expect(nextInvitationLimit(undefined, undefined, NOW)).toBeUndefined();
  });

  it('holds for the week, then comes back a quarter a week while the rate holds', () => {
    const halved = nextInvitationLimit(undefined, { invited: 50, accepted: 2 }, NOW)!;
    const recovered = { invited: 50, accepted: 20 };
    expect(nextInvitationLimit(halved, recovered, at(WEEK - 1))).toBe(halved);
    const stepped = nextInvitationLimit(halved, recovered, at(WEEK))!;
    expect(stepped).toMatchObject({ factor: 0.75, until: at(2 * WEEK).toISOString(), rate: 0.4 });
    expect(nextInvitationLimit(stepped, recovered, at(2 * WEEK - 1))).toBe(stepped);
    expect(nextInvitationLimit(stepped, recovered, at(2 * WEEK))).toBeUndefined();
  });

  it('steps back up without a fresh reading, keeping the rate last read', () => {
    const over = { factor: 0.5, until: NOW.toISOString(), reason: 'low-acceptance' as const, rate: 0.1 };
    expect(nextInvitationLimit(over, undefined, NOW)).toEqual({
      factor: 0.75,
      until: at(WEEK).toISOString(),
      reason: 'low-acceptance',
      rate: 0.1,
    });
    expect(nextInvitationLimit(over, { invited: 49, accepted: 0 }, NOW)).toMatchObject({ rate: 0.1 });
  });

  it('halves again from the step when the rate falls back below 15%', () => {
    const stepped = { factor: 0.75, until: at(-1).toISOString(), reason: 'low-acceptance' as const };
    expect(nextInvitationLimit(stepped, { invited: 50, accepted: 1 }, NOW)).toMatchObject({
      factor: 0.5,
      until: at(WEEK).toISOString(),
    });
  });

  it('halves for a week on a limit the platform shows, and scales budgets to whole invitations, never below one', () => {
    expect(limitSignalled(NOW)).toEqual({
      factor: 0.5,
      until: at(WEEK).toISOString(),
      reason: 'limit-signal',
    });
    expect(limitedInvitations(20, 0.5)).toBe(10);
    expect(limitedInvitations(4, 0.75)).toBe(3);
    expect(limitedInvitations(1, 0.5)).toBe(1);
  });

  it('tells the user why, and until when', () => {
    const halved = nextInvitationLimit(undefined, { invited: 50, accepted: 4 }, NOW)!;
    expect(INVITATION_LIMIT_TEXTS.limited(halved, 'Dec 2')).toBe(
      '50% of the usual limits until Dec 2: only 8% of the last 50 invitations were accepted (below 15%). ' +
        'They come back step by step as acceptance recovers.',
    );
    expect(INVITATION_LIMIT_TEXTS.limited(limitSignalled(NOW), 'Dec 2')).toBe(
      '50% of the usual limits until Dec 2: the platform showed a limit on invitations. They come back step by step.',
    );
    expect(
      INVITATION_LIMIT_TEXTS.limited(
        { factor: 0.75, until: NOW.toISOString(), reason: 'low-acceptance' },
        'Dec 9',
      ),
    ).toBe(
      '75% of the usual limits until Dec 9: few invitations were accepted (below 15%). ' +
        'They come back step by step as acceptance recovers.',
    );
    expect(INVITATION_LIMIT_TEXTS.label).toBe('Invitations');
    expect(INVITATION_LIMIT_TEXTS.full).toBe('Full daily and weekly limits');
  });
});
