import { describe, expect, it } from 'vitest';
import { REVIEW_TEXTS } from '../../../shared/review';
import { daysLeft } from '../../../web/src/features/flow-review/components/review-texts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-30T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const shown = (ms: number) => REVIEW_TEXTS.expiresIn(daysLeft(at(ms), NOW));

describe('how long a review item has left (issue 36)', () => {
  it('says 7 days for an item just queued, not 6', () => {
    expect(shown(7 * DAY - 1000)).toBe('Expires in 7 days');
  });

  it('rounds to the nearest day: 3 days and an hour is 3, half a day is 1, less is today', () => {
    expect(shown(3 * DAY + 3_600_000)).toBe('Expires in 3 days');
    expect(shown(DAY / 2)).toBe('Expires in 1 day');
    expect(shown(DAY / 2 - 1000)).toBe('Expires today');
  });

  it('says today for an item past its time or with no readable time', () => {
    expect(shown(-DAY)).toBe('Expires today');
    expect(REVIEW_TEXTS.expiresIn(daysLeft('not a date', NOW))).toBe('Expires today');
  });
});
