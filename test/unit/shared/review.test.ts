import { describe, expect, it } from 'vitest';
import {
  editProblem,
  MAX_REVIEW_DECISIONS,
  REVIEW_TEXTS,
  reviewModeOf,
  waitsForReview,
} from '../../../shared/review';
import { reviewDecisionsInput } from '../../../shared/review-requests';

describe('which writes wait for review', () => {
  it('under "Review everything": every like, comment, invitation (with a note or not) and message', () => {
    for (const kind of ['like', 'comment', 'invite', 'message'] as const) {
      expect(waitsForReview('everything', kind, true)).toBe(true);
      expect(waitsForReview('everything', kind, false)).toBe(true);
    }
  });

  it('under "Review notes and messages": comments, notes and messages; likes and note-less invitations go', () => {
    expect(waitsForReview('texts', 'comment', true)).toBe(true);
    expect(waitsForReview('texts', 'message', true)).toBe(true);
    expect(waitsForReview('texts', 'invite', true)).toBe(true);
    expect(waitsForReview('texts', 'invite', false)).toBe(false);
    expect(waitsForReview('texts', 'like', false)).toBe(false);
  });

  it('under Autopilot: nothing', () => {
    for (const kind of ['like', 'comment', 'invite', 'message'] as const)
      expect(waitsForReview('autopilot', kind, true)).toBe(false);
  });

  it('reads a flow stored before review existed as autopilot', () => {
    expect(reviewModeOf({ messagingSettings: {} })).toBe('autopilot');
    expect(reviewModeOf({ messagingSettings: { reviewMode: 'texts' } })).toBe('texts');
  });
});

describe('an edited text', () => {
  it('goes out at its limit, and is refused one character past it (counted in code points)', () => {
    expect(editProblem('a'.repeat(300), 300)).toBeUndefined();
    expect(editProblem('a'.repeat(301), 300)).toBe(REVIEW_TEXTS.tooLong(300, 301));
    expect(editProblem('👋'.repeat(300), 300)).toBeUndefined();
  });

  it('is refused empty, or with a placeholder or brackets left', () => {
    expect(editProblem('   ', 300)).toBe(REVIEW_TEXTS.emptyText);
    expect(editProblem('Hi {first_name}, glad to connect', 300)).toBe(REVIEW_TEXTS.placeholder);
    expect(editProblem('Hi [Name]', 300)).toBe(REVIEW_TEXTS.placeholder);
    expect(editProblem('Hi FIRST_NAME', 300)).toBe(REVIEW_TEXTS.placeholder);
    expect(editProblem('Hi Ada, glad to connect', 300)).toBeUndefined();
  });
});

describe('a batch of decisions', () => {
  const decision = { key: 'invite:p1', action: 'approve' };
  it(`takes 1 to ${MAX_REVIEW_DECISIONS}, and refuses none or one more`, () => {
    expect(reviewDecisionsInput.safeParse({ decisions: [decision] }).success).toBe(true);
    expect(
      reviewDecisionsInput.safeParse({ decisions: Array(MAX_REVIEW_DECISIONS).fill(decision) }).success,
    ).toBe(true);
    const over = reviewDecisionsInput.safeParse({
      decisions: Array(MAX_REVIEW_DECISIONS + 1).fill(decision),
    });
    expect(over.error?.issues[0]?.message).toBe(`At most ${MAX_REVIEW_DECISIONS} items at a time`);
    expect(reviewDecisionsInput.safeParse({ decisions: [] }).error?.issues[0]?.message).toBe(
      'Choose at least one item',
    );
  });

  it('refuses an unknown action, and a text with hidden characters', () => {
    expect(
      reviewDecisionsInput.safeParse({ decisions: [{ key: 'k', action: 'send' }] }).error?.issues[0]?.message,
    ).toBe('action must be approve or skip');
    expect(
      reviewDecisionsInput.safeParse({ decisions: [{ ...decision, text: 'Hi\u202Eevil' }] }).success,
    ).toBe(false);
  });
});
