import { describe, expect, it } from 'vitest';
import { warmUpDay } from '../../functions/safety/governor';
import { WARM_UP_DAYS, warmedLimit, warmUpShare } from '../../shared/warm-up';

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
});
