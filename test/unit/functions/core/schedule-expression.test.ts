import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../functions/core/errors';
import { isKnownTimeZone, parseScheduleExpression } from '../../../../functions/core/schedule-expression';
import { nextRunAfter } from '../../../../functions/core/schedule-next-run';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const at = (iso: string) => new Date(iso);
const iso = (date: Date | undefined) => date?.toISOString();

describe('parseScheduleExpression: rate', () => {
  it.each([
    ['rate(1 minute)', MINUTE],
    ['rate(5 minutes)', 5 * MINUTE],
    ['rate(1 hour)', HOUR],
    ['rate(12 hours)', 12 * HOUR],
    ['rate(1 day)', DAY],
    ['rate(3 days)', 3 * DAY],
  ])('reads %s as a period of %i ms', (expression, everyMs) => {
    expect(parseScheduleExpression(expression)).toEqual({ kind: 'rate', everyMs });
  });

  it.each(['rate(1 minutes)', 'rate(1 hours)', 'rate(1 days)'])(
    'refuses the plural unit with a count of one: %s',
    (expression) => {
      expect(() => parseScheduleExpression(expression)).toThrow(/Use 'rate\(1 (minute|hour|day)\)'/);
    },
  );

  it.each(['rate(5 minute)', 'rate(2 hour)', 'rate(7 day)'])(
    'refuses the singular unit with a count above one: %s',
    (expression) => {
      expect(() => parseScheduleExpression(expression)).toThrow(ValidationError);
    },
  );

  it('refuses a rate of zero', () => {
    expect(() => parseScheduleExpression('rate(0 minutes)')).toThrow('A rate must be at least 1');
  });

  it.each(['rate(5 seconds)', 'rate(-1 minutes)', 'rate(five minutes)', 'rate(5minutes)'])(
    'refuses a malformed rate: %s',
    (expression) => {
      expect(() => parseScheduleExpression(expression)).toThrow(
        'A schedule expression is rate(...), cron(...) or at(...)',
      );
    },
  );
});

describe('parseScheduleExpression: cron', () => {
  it('maps the EventBridge weekday names MON-FRI to the same days as 2-6', () => {
    expect(parseScheduleExpression('cron(0 9 ? * MON-FRI *)')).toEqual({
      kind: 'cron',
      fields: '0 9 * * 1-5',
      year: '*',
    });
  });

  it('shifts numeric weekdays 2-6 (MON-FRI in EventBridge) to the parser 1-5', () => {
    expect(parseScheduleExpression('cron(0 9 ? * 2-6 *)')).toMatchObject({ fields: '0 9 * * 1-5' });
  });

  it('keeps the occurrence after # while shifting the weekday before it', () => {
    // 6#3 = the third Friday in EventBridge, 5#3 for the parser.
    expect(parseScheduleExpression('cron(0 9 ? * 6#3 *)')).toMatchObject({ fields: '0 9 * * 5#3' });
  });

  it('turns the ? of day-of-month into * for the parser', () => {
    expect(parseScheduleExpression('cron(30 8 ? * MON *)')).toMatchObject({ fields: '30 8 * * 1' });
  });

  it('turns the ? of day-of-week into * for the parser', () => {
    expect(parseScheduleExpression('cron(0 12 1 * ? *)')).toEqual({
      kind: 'cron',
      fields: '0 12 1 * *',
      year: '*',
    });
  });

  it('refuses a cron expression without ? in day-of-month or day-of-week', () => {
    expect(() => parseScheduleExpression('cron(0 9 1 * MON *)')).toThrow(
      "A cron expression needs '?' in exactly one of day-of-month and day-of-week",
    );
  });

  it('refuses a cron expression with ? in both day fields, as EventBridge does', () => {
    expect(() => parseScheduleExpression('cron(0 9 ? * ? *)')).toThrow(
      'exactly one of day-of-month and day-of-week',
    );
  });

  it('keeps a weekday step as a count: every second day from Monday is Monday, Wednesday, Friday', () => {
    const runs: string[] = [];
    let after = new Date('2027-01-03T12:00:00Z'); // a Sunday
    for (let i = 0; i < 4; i++) {
      after = nextRunAfter('cron(0 9 ? * 2/2 *)', 'UTC', after)!;
      runs.push(after.toISOString());
    }
    expect(runs).toEqual([
      '2027-01-04T09:00:00.000Z',
      '2027-01-06T09:00:00.000Z',
      '2027-01-08T09:00:00.000Z',
      '2027-01-11T09:00:00.000Z',
    ]);
  });

  it('finds the first run of a frequent cron limited to a later year', () => {
    expect(nextRunAfter('cron(0 * * * ? 2030)', 'UTC', new Date('2027-01-01T00:00:00Z'))?.toISOString()).toBe(
      '2030-01-01T00:00:00.000Z',
    );
    expect(nextRunAfter('cron(* * * * ? 2028)', 'UTC', new Date('2027-12-25T00:00:00Z'))?.toISOString()).toBe(
      '2028-01-01T00:00:00.000Z',
    );
  });

  it("refuses the 'W' nearest-weekday day-of-month", () => {
    expect(() => parseScheduleExpression('cron(0 9 15W * ? *)')).toThrow(
      "The 'W' (nearest weekday) field is not supported",
    );
  });

  it.each(['cron(0 9 ? * MON)', 'cron(0 9 ? * MON * extra)', 'cron(9 ? * MON *)'])(
    'refuses a cron expression without exactly six fields: %s',
    (expression) => {
      expect(() => parseScheduleExpression(expression)).toThrow(
        'A cron expression has six fields: minutes hours day-of-month month day-of-week year',
      );
    },
  );

  it('leaves the values inside a field to the calendar: minute 75 is refused where runs are computed', () => {
    expect(parseScheduleExpression('cron(75 9 ? * * *)')).toMatchObject({ fields: '75 9 * * *' });
    expect(() => nextRunAfter('cron(75 9 ? * * *)', 'UTC', at('2027-01-01T00:00:00Z'))).toThrow(
      /^Invalid cron expression: .*minute/,
    );
  });

  it.each(['cron(59 23 31 12 ? *)', 'cron(0 0 1 1 ? *)'])(
    'accepts the edge values of every field: %s',
    (e) => {
      expect(nextRunAfter(e, 'UTC', at('2027-01-01T00:00:00Z'))).toBeInstanceOf(Date);
    },
  );

  it.each([
    'cron(60 9 ? * * *)',
    'cron(0 24 ? * * *)',
    'cron(0 9 32 * ? *)',
    'cron(0 9 0 * ? *)',
    'cron(0 9 1 13 ? *)',
  ])('refuses a value one past its field: %s', (e) => {
    expect(() => nextRunAfter(e, 'UTC', at('2027-01-01T00:00:00Z'))).toThrow(/^Invalid cron expression/);
  });

  it.each(['cron(0 9 ? * * 27)', 'cron(0 9 ? * * 2027-28)', 'cron(0 9 ? * * 2027,2028)'])(
    'refuses a year that is not *, YYYY or YYYY-YYYY: %s',
    (expression) => {
      expect(() => parseScheduleExpression(expression)).toThrow(
        'The cron year must be * or YYYY or YYYY-YYYY',
      );
    },
  );

  it('keeps a single year and a year range', () => {
    expect(parseScheduleExpression('cron(0 9 ? * * 2027)')).toMatchObject({ year: '2027' });
    expect(parseScheduleExpression('cron(0 9 ? * * 2027-2029)')).toMatchObject({ year: '2027-2029' });
  });
});

describe('parseScheduleExpression: at', () => {
  it('keeps the local date-time of an at() expression', () => {
    expect(parseScheduleExpression('at(2026-12-01T09:30:00)')).toEqual({
      kind: 'at',
      local: '2026-12-01T09:30:00',
    });
  });

  it.each(['at(2026-12-01)', 'at(2026-12-01T09:30)', 'at(2026-12-01T09:30:00Z)'])(
    'refuses an at() without a plain seconds-precision local time: %s',
    (expression) => {
      expect(() => parseScheduleExpression(expression)).toThrow(ValidationError);
    },
  );
});

describe('nextRunAfter: rate', () => {
  const anchor = at('2027-01-01T10:00:00Z');

  it('counts periods from the anchor, not from "after"', () => {
    expect(iso(nextRunAfter('rate(5 minutes)', 'UTC', at('2027-01-01T10:07:30Z'), anchor))).toBe(
      '2027-01-01T10:10:00.000Z',
    );
  });

  it('gives the run one period after the anchor when asked at the anchor', () => {
    expect(iso(nextRunAfter('rate(1 hour)', 'UTC', anchor, anchor))).toBe('2027-01-01T11:00:00.000Z');
  });

  it('gives a time strictly after "after" when "after" falls exactly on a run', () => {
    expect(iso(nextRunAfter('rate(5 minutes)', 'UTC', at('2027-01-01T10:10:00Z'), anchor))).toBe(
      '2027-01-01T10:15:00.000Z',
    );
  });

  it('defaults the anchor to "after"', () => {
    expect(iso(nextRunAfter('rate(2 days)', 'UTC', anchor))).toBe('2027-01-03T10:00:00.000Z');
  });
});

describe('nextRunAfter: cron', () => {
  it('fires MON-FRI schedules on Monday, skipping the weekend', () => {
    // 2027-01-01 is a Friday.
    expect(iso(nextRunAfter('cron(0 9 ? * MON-FRI *)', 'UTC', at('2027-01-01T10:00:00Z')))).toBe(
      '2027-01-04T09:00:00.000Z',
    );
  });

  it('reads numeric 2-6 as Monday to Friday', () => {
    expect(iso(nextRunAfter('cron(0 9 ? * 2-6 *)', 'UTC', at('2027-01-01T10:00:00Z')))).toBe(
      '2027-01-04T09:00:00.000Z',
    );
  });

  it('reads 1 as Sunday and 7 as Saturday', () => {
    const friday = at('2027-01-01T10:00:00Z');
    expect(iso(nextRunAfter('cron(0 9 ? * 1 *)', 'UTC', friday))).toBe('2027-01-03T09:00:00.000Z');
    expect(iso(nextRunAfter('cron(0 9 ? * 7 *)', 'UTC', friday))).toBe('2027-01-02T09:00:00.000Z');
  });

  it('waits for the first run in a future single year', () => {
    expect(iso(nextRunAfter('cron(0 9 1 * ? 2030)', 'UTC', at('2027-06-15T00:00:00Z')))).toBe(
      '2030-01-01T09:00:00.000Z',
    );
  });

  it('runs inside a year range and stops after its last year', () => {
    expect(iso(nextRunAfter('cron(0 9 1 1 ? 2027-2028)', 'UTC', at('2027-06-15T00:00:00Z')))).toBe(
      '2028-01-01T09:00:00.000Z',
    );
    expect(nextRunAfter('cron(0 9 1 1 ? 2027-2028)', 'UTC', at('2028-06-15T00:00:00Z'))).toBeUndefined();
  });

  it('returns undefined for a year already past', () => {
    expect(nextRunAfter('cron(0 9 ? * * 2020)', 'UTC', at('2027-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('gives 08:00Z then 07:00Z for 09:00 Paris across the late-March 2027 change to summer time', () => {
    // Summer time starts in Paris on Sunday 2027-03-28: UTC+1 before, UTC+2 after.
    const first = nextRunAfter('cron(0 9 ? * * *)', 'Europe/Paris', at('2027-03-27T00:00:00Z'));
    expect(iso(first)).toBe('2027-03-27T08:00:00.000Z');
    expect(iso(nextRunAfter('cron(0 9 ? * * *)', 'Europe/Paris', first!))).toBe('2027-03-28T07:00:00.000Z');
  });
});

describe('nextRunAfter: at', () => {
  it('reads the at() time in the given time zone', () => {
    expect(iso(nextRunAfter('at(2027-07-01T09:30:00)', 'America/New_York', at('2027-01-01T00:00:00Z')))).toBe(
      '2027-07-01T13:30:00.000Z',
    );
  });

  it('returns undefined once the at() time has passed', () => {
    expect(nextRunAfter('at(2027-07-01T09:30:00)', 'UTC', at('2027-07-01T09:30:00Z'))).toBeUndefined();
    expect(nextRunAfter('at(2027-07-01T09:30:00)', 'UTC', at('2028-01-01T00:00:00Z'))).toBeUndefined();
  });

  it.each([
    '2027-02-30T09:30:00',
    '2027-02-29T09:30:00',
    '2027-13-01T09:30:00',
    '2027-07-01T24:00:00',
    '2027-07-01T09:60:00',
    '2027-07-01T09:30:60',
  ])('refuses an impossible calendar date or time: %s', (local) => {
    expect(() => nextRunAfter(`at(${local})`, 'UTC', at('2027-01-01T00:00:00Z'))).toThrow(
      'Invalid at() date',
    );
  });

  it('takes the last second of a leap day', () => {
    expect(iso(nextRunAfter('at(2028-02-29T23:59:59)', 'UTC', at('2027-01-01T00:00:00Z')))).toBe(
      '2028-02-29T23:59:59.000Z',
    );
  });
});

describe('nextRunAfter: time zone', () => {
  it.each(['Europe/Paris', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+3'])(
    'accepts the IANA zone %s',
    (zone) => {
      expect(isKnownTimeZone(zone)).toBe(true);
    },
  );

  it.each([
    '+02:00',
    '-0500',
    'Europe/',
    '/Paris',
    'Europe//Paris',
    'Europe/Paris ',
    '',
    'Mars/Olympus_Mons',
  ])('refuses %j, which is no IANA zone', (zone) => {
    expect(isKnownTimeZone(zone)).toBe(false);
  });

  it('refuses an unknown time zone', () => {
    expect(() => nextRunAfter('rate(5 minutes)', 'Mars/Olympus_Mons', at('2027-01-01T00:00:00Z'))).toThrow(
      "Unknown time zone 'Mars/Olympus_Mons'",
    );
  });

  it('refuses an unknown time zone for cron and at() too', () => {
    expect(() => nextRunAfter('cron(0 9 ? * * *)', 'Nowhere/City', at('2027-01-01T00:00:00Z'))).toThrow(
      ValidationError,
    );
    expect(() => nextRunAfter('at(2027-07-01T09:30:00)', 'Nowhere/City', at('2027-01-01T00:00:00Z'))).toThrow(
      ValidationError,
    );
  });
});

describe('parseScheduleExpression: the whole expression and nothing else', () => {
  it.each([
    'xrate(5 minutes)',
    'rate(5 minutes)x',
    'xat(2026-12-01T09:30:00)',
    'at(2026-12-01T09:30:00)x',
    'xcron(0 9 ? * * *)',
    'cron(0 9 ? * * *)x',
  ])('refuses text before or after the expression: %s', (expression) => {
    expect(() => parseScheduleExpression(expression)).toThrow(
      'A schedule expression is rate(...), cron(...) or at(...)',
    );
  });

  it('tolerates several spaces between the count and the unit of a rate', () => {
    expect(parseScheduleExpression('rate(5   minutes)')).toEqual({ kind: 'rate', everyMs: 5 * MINUTE });
  });

  it('tolerates spaces around and between the fields of a cron expression', () => {
    expect(parseScheduleExpression('cron( 0  9 ? * MON * )')).toEqual({
      kind: 'cron',
      fields: '0 9 * * 1',
      year: '*',
    });
  });
});

describe('parseScheduleExpression: days of week', () => {
  it('passes "every day of the week" as * to the parser', () => {
    expect(parseScheduleExpression('cron(0 9 ? * * *)')).toEqual({
      kind: 'cron',
      fields: '0 9 * * *',
      year: '*',
    });
  });

  it.each([
    ['0', "Invalid day of week '0'"],
    ['8', "Invalid day of week '8'"],
    ['MON-8', "Invalid day of week '8'"],
    ['FOO', "Invalid day of week 'FOO'"],
    ['1.5', "Invalid day of week '1.5'"],
    ['12#3', "Invalid day of week '12'"],
    ['2-6#3', "Invalid day of week '6#3'"],
    ['6#34', "Invalid day of week '6#34'"],
  ])('refuses the day of week %s, outside 1-7 and SUN-SAT, naming it', (dow, message) => {
    expect(() => parseScheduleExpression(`cron(0 9 ? * ${dow} *)`)).toThrow(message);
  });

  it('reads a weekday name before # or L: FRI#3 is the third Friday, FRIL and 6L the last', () => {
    expect(parseScheduleExpression('cron(0 9 ? * FRI#3 *)')).toMatchObject({ fields: '0 9 * * 5#3' });
    expect(parseScheduleExpression('cron(0 9 ? * FRIL *)')).toMatchObject({ fields: '0 9 * * 5L' });
    expect(parseScheduleExpression('cron(0 9 ? * 6L *)')).toMatchObject({ fields: '0 9 * * 5L' });
  });

  it('runs on the third Friday of the month for FRI#3', () => {
    // January 2027: Fridays are the 1st, 8th, 15th.
    expect(iso(nextRunAfter('cron(0 9 ? * FRI#3 *)', 'UTC', at('2027-01-01T00:00:00Z')))).toBe(
      '2027-01-15T09:00:00.000Z',
    );
  });

  it('keeps every day of a list: MON,WED,FRI', () => {
    expect(parseScheduleExpression('cron(0 9 ? * MON,WED,FRI *)')).toMatchObject({ fields: '0 9 * * 1,3,5' });
  });

  it('steps from Sunday through Saturday for */2: Sunday, Tuesday, Thursday, Saturday', () => {
    expect(parseScheduleExpression('cron(0 9 ? * */2 *)')).toMatchObject({ fields: '0 9 * * 0,2,4,6' });
    // 2027-01-03 is a Sunday, after its 09:00.
    expect(iso(nextRunAfter('cron(0 9 ? * */2 *)', 'UTC', at('2027-01-03T12:00:00Z')))).toBe(
      '2027-01-05T09:00:00.000Z',
    );
  });

  it('includes the last day of a stepped range when the step lands on it', () => {
    expect(parseScheduleExpression('cron(0 9 ? * SUN-SAT/3 *)')).toMatchObject({ fields: '0 9 * * 0,3,6' });
    expect(parseScheduleExpression('cron(0 9 ? * 2/1 *)')).toMatchObject({ fields: '0 9 * * 1,2,3,4,5,6' });
  });

  it.each(['2/0', '2/x', '2/1.5'])('refuses the day-of-week step %s, naming it', (dow) => {
    expect(() => parseScheduleExpression(`cron(0 9 ? * ${dow} *)`)).toThrow(
      `Invalid day-of-week step '${dow}'`,
    );
  });
});

describe('nextRunAfter: the years of a cron in its time zone', () => {
  // Kiritimati is UTC+14: its new year comes at 10:00 UTC on 31 December.
  const KIRITIMATI = 'Pacific/Kiritimati';

  it('starts a schedule limited to a later year at that year’s first midnight in its own zone', () => {
    expect(iso(nextRunAfter('cron(0 * * * ? 2030)', KIRITIMATI, at('2027-01-01T00:00:00Z')))).toBe(
      '2029-12-31T10:00:00.000Z',
    );
  });

  it('asked when that year has begun in its zone but not in UTC, runs at the next hour, never earlier', () => {
    // 11:30 UTC on 31 December 2029 is 01:30 on 1 January 2030 in Kiritimati.
    expect(iso(nextRunAfter('cron(0 * * * ? 2030)', KIRITIMATI, at('2029-12-31T11:30:00Z')))).toBe(
      '2029-12-31T12:00:00.000Z',
    );
  });

  it('stops a schedule limited to a year when that year ends in its zone, even if UTC is still in it', () => {
    // 10:00 UTC on 31 December 2027 is already 2028 in Kiritimati.
    expect(nextRunAfter('cron(0 * * * ? 2027)', KIRITIMATI, at('2027-12-31T09:30:00Z'))).toBeUndefined();
    expect(iso(nextRunAfter('cron(0 * * * ? 2027)', KIRITIMATI, at('2027-12-31T08:30:00Z')))).toBe(
      '2027-12-31T09:00:00.000Z',
    );
  });

  it('never runs a 29 February limited to a year without one', () => {
    expect(nextRunAfter('cron(0 9 29 2 ? 2027)', 'UTC', at('2027-01-01T00:00:00Z'))).toBeUndefined();
  });
});
