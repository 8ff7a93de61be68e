import { describe, expect, it } from 'vitest';
import { warmUpDay } from '../../functions/safety/governor';
import {
  WARM_UP_DAYS,
  WARM_UP_FIRST_SHARE,
  WARM_UP_TEXTS,
  warmedLimit,
  warmUpShare,
} from '../../shared/warm-up';

/** Issue 23 point 3: a fifth of the write budgets on the first day, all of them from day 14. */
describe('the warm-up ramp', () => {
  it('gives a fifth on the first day, grows evenly, and all of it from day 14 on', () => {
    expect(warmUpShare(0)).toBeCloseTo(0.2);
    expect(warmUpShare(7)).toBeCloseTo(0.6);
    expect(warmUpShare(13)).toBeCloseTo(0.2 + 0.8 * (13 / 14));
    expect(warmUpShare(13)).toBeLessThan(1);
    expect(warmUpShare(WARM_UP_DAYS)).toBe(1);
    expect(warmUpShare(40)).toBe(1);
    expect(warmUpShare(-1)).toBeCloseTo(0.2);
  });

  it('scales a limit to whole actions, never below one', () => {
    expect(warmedLimit(20, warmUpShare(0))).toBe(4);
    expect(warmedLimit(100, warmUpShare(0))).toBe(20);
    expect(warmedLimit(20, warmUpShare(7))).toBe(12);
    expect(warmedLimit(5, warmUpShare(0))).toBe(1);
    expect(warmedLimit(1, 0.2)).toBe(1);
    expect(warmedLimit(20, 1)).toBe(20);
  });

  it("counts the days on the account's clock: Tokyo's next day starts at 15:00 UTC", () => {
    const start = '2026-11-25T10:00:00Z'; // 19:00 in Tokyo
    expect(warmUpDay(start, new Date('2026-11-25T14:59:00Z'), 'Asia/Tokyo')).toBe(0);
    expect(warmUpDay(start, new Date('2026-11-25T15:00:00Z'), 'Asia/Tokyo')).toBe(1);
    expect(warmUpDay(start, new Date('2026-11-25T23:59:00Z'), 'UTC')).toBe(0);
    expect(warmUpDay(start, new Date('2026-12-09T00:00:00Z'), 'UTC')).toBe(14);
  });

  it('counts in UTC days for an account that never said its zone', () => {
    expect(warmUpDay('2026-11-25T23:00:00Z', new Date('2026-11-26T00:30:00Z'))).toBe(1);
    expect(warmUpDay('2026-11-25T00:30:00Z', new Date('2026-11-25T23:30:00Z'))).toBe(0);
  });

  it('lasts 14 days from a fifth of the budgets', () => {
    expect(WARM_UP_DAYS).toBe(14);
    expect(WARM_UP_FIRST_SHARE).toBe(0.2);
  });

  it('counts a moment before the start (another clock a little behind) as its first day', () => {
    const start = '2026-11-25T10:00:00Z';
    expect(warmUpDay(start, new Date('2026-11-24T10:00:00Z'), 'UTC')).toBe(0);
    expect(warmUpDay(start, new Date('2026-11-20T10:00:00Z'), 'UTC')).toBe(0);
  });

  it('tells the user where the ramp stands, on the connections page', () => {
    expect(WARM_UP_TEXTS.label).toBe('Warm-up');
    expect(WARM_UP_TEXTS.notStarted).toBe('Starts with its first invitation, message, like or comment');
    const day = 7;
    expect(WARM_UP_TEXTS.ramping({ startedAt: '2026-11-18T10:00:00Z', day, share: warmUpShare(day) })).toBe(
      'Day 8 of 14: 60% of its daily and weekly limits',
    );
    expect(WARM_UP_TEXTS.ramping({ startedAt: '2026-11-25T10:00:00Z', day: 0, share: warmUpShare(0) })).toBe(
      'Day 1 of 14: 20% of its daily and weekly limits',
    );
    expect(WARM_UP_TEXTS.done).toBe('Done: full limits');
  });
});
