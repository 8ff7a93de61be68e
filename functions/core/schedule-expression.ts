import { ValidationError } from './errors';

/**
 * EventBridge Scheduler expressions: `rate(5 minutes)`, `cron(0 9 ? * MON-FRI *)` (minutes, hours,
 * day-of-month, month, day-of-week 1-7 = SUN-SAT, year) and `at(2026-12-01T09:30:00)`, evaluated in a
 * time zone. Both scheduler adapters refuse a malformed expression with it; the values inside a cron
 * field (minute 75) are checked where the runs are computed: by EventBridge in AWS, by
 * schedule-next-run.ts locally. Kept free of date libraries: the AWS adapter bundles it.
 */
export type ParsedExpression =
  | { kind: 'rate'; everyMs: number }
  | { kind: 'cron'; fields: string; year: string }
  | { kind: 'at'; local: string };

const RATE_UNITS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

const WEEKDAY_NUMBERS: Record<string, number> = { SUN: 1, MON: 2, TUE: 3, WED: 4, THU: 5, FRI: 6, SAT: 7 };

/**
 * EventBridge counts days of week 1-7 from Sunday; the parser counts 0-6 (and reads 7 as Sunday too).
 * Day numbers shift by one; a step (`2/2`, `MON-FRI/2`) is expanded to its days first, because the
 * parser would run a shifted step on past Saturday into its own 7; `#n` and `L` keep their meaning.
 */
function toParserWeekdays(field: string): string {
  const day = (token: string): number => {
    const n = WEEKDAY_NUMBERS[token.toUpperCase()] ?? Number(token);
    if (!Number.isInteger(n) || n < 1 || n > 7) throw new ValidationError(`Invalid day of week '${token}'`);
    return n;
  };
  return field
    .split(',')
    .map((part) => {
      if (part === '?' || part === '*') return '*';
      const special = part.match(/^([A-Za-z]+|\d+)(#\d|L)$/);
      if (special) return `${day(special[1]!) - 1}${special[2]}`;
      const [range, stepText] = part.split('/');
      const [from, to] = range === '*' ? ['1', '7'] : range!.split('-');
      const first = day(from!);
      const last = to !== undefined ? day(to) : stepText ? 7 : first;
      if (!stepText) return first === last ? `${first - 1}` : `${first - 1}-${last - 1}`;
      const step = Number(stepText);
      if (!Number.isInteger(step) || step < 1)
        throw new ValidationError(`Invalid day-of-week step '${part}'`);
      const days: number[] = [];
      for (let d = first; d <= last; d += step) days.push(d - 1);
      return days.join(',');
    })
    .join(',');
}

/** A time zone the runtime's Intl knows (EventBridge itself refuses what is not an IANA name). */
export function isKnownTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

export function parseScheduleExpression(expression: string): ParsedExpression {
  const rate = expression.match(/^rate\((\d+)\s+(minute|hour|day)(s?)\)$/);
  if (rate) {
    const count = Number(rate[1]);
    const unit = rate[2]!;
    if (count < 1) throw new ValidationError('A rate must be at least 1');
    if ((count === 1) !== (rate[3] === '')) {
      throw new ValidationError(`Use 'rate(1 ${unit})' for one and 'rate(N ${unit}s)' for more`);
    }
    return { kind: 'rate', everyMs: count * RATE_UNITS[unit]! };
  }
  const at = expression.match(/^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/);
  if (at) return { kind: 'at', local: at[1]! };
  const cron = expression.match(/^cron\((.+)\)$/);
  if (cron) {
    const parts = cron[1]!.trim().split(/\s+/);
    if (parts.length !== 6)
      throw new ValidationError(
        'A cron expression has six fields: minutes hours day-of-month month day-of-week year',
      );
    const [minutes, hours, dom, month, dow, year] = parts as [string, string, string, string, string, string];
    if ((dom === '?') === (dow === '?')) {
      throw new ValidationError("A cron expression needs '?' in exactly one of day-of-month and day-of-week");
    }
    if (/W/.test(dom)) throw new ValidationError("The 'W' (nearest weekday) field is not supported");
    const weekday = toParserWeekdays(dow);
    // toParserWeekdays already reads '?' as '*'.
    const fields = [minutes, hours, dom.replace('?', '*'), month, weekday].join(' ');
    if (year !== '*' && !/^\d{4}(-\d{4})?$/.test(year))
      throw new ValidationError('The cron year must be * or YYYY or YYYY-YYYY');
    return { kind: 'cron', fields, year };
  }
  throw new ValidationError('A schedule expression is rate(...), cron(...) or at(...)');
}
