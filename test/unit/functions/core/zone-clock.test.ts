import { describe, expect, it } from 'vitest';
import { instantOf, monthStartIn, wallDayOf } from '../../../../functions/core/zone-clock';

const ms = (iso: string) => new Date(iso).getTime();

describe('wall clocks in a time zone', () => {
  it('reads the local date of an instant in the zone', () => {
    expect(new Date(wallDayOf(ms('2026-11-25T23:00:00Z'), 'Europe/Paris')).toISOString()).toBe(
      '2026-11-26T00:00:00.000Z',
    );
    expect(new Date(wallDayOf(ms('2026-11-25T22:59:59Z'), 'Europe/Paris')).toISOString()).toBe(
      '2026-11-25T00:00:00.000Z',
    );
  });

  it('moves a wall time the clock skips forward by the gap, and takes the first of a repeated one', () => {
    // 02:30 on 28 March 2027 does not exist in Paris: 03:30 CEST, 01:30 UTC.
    expect(instantOf(Date.UTC(2027, 2, 28, 2, 30), 'Europe/Paris')).toBe(ms('2027-03-28T01:30:00Z'));
    // 02:30 on 31 October 2027 happens twice in Paris: the first is 00:30 UTC.
    expect(instantOf(Date.UTC(2027, 9, 31, 2, 30), 'Europe/Paris')).toBe(ms('2027-10-31T00:30:00Z'));
  });
});

describe("the start of an account's calendar month", () => {
  it('is the first day’s midnight in the zone', () => {
    expect(monthStartIn(ms('2026-11-27T10:00:00Z'), 'Europe/Paris')).toBe(ms('2026-10-31T23:00:00Z'));
    expect(monthStartIn(ms('2026-11-27T10:00:00Z'), 'UTC')).toBe(ms('2026-11-01T00:00:00Z'));
  });

  it('follows the zone across the turn of a month: 30 Nov 23:30 UTC is December in Paris', () => {
    expect(monthStartIn(ms('2026-11-30T22:59:59Z'), 'Europe/Paris')).toBe(ms('2026-10-31T23:00:00Z'));
    expect(monthStartIn(ms('2026-11-30T23:00:00Z'), 'Europe/Paris')).toBe(ms('2026-11-30T23:00:00Z'));
    expect(monthStartIn(ms('2026-12-01T04:00:00Z'), 'America/New_York')).toBe(ms('2026-11-01T04:00:00Z'));
  });
});
