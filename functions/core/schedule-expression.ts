import { CronExpressionParser } from 'cron-parser';
import { DateTime } from 'luxon';
import { ValidationError } from './errors';

/**
 * EventBridge Scheduler expressions: `rate(5 minutes)`, `cron(0 9 ? * MON-FRI *)` (minutes, hours,
 * day-of-month, month, day-of-week 1-7 = SUN-SAT, year) and `at(2026-12-01T09:30:00)`, evaluated in a
 * time zone. The local scheduler uses this to know when a schedule is due; the AWS adapter uses it to
 * refuse a malformed expression before AWS does.
 */
export type ParsedExpression =
  | { kind: 'rate'; everyMs: number }
  | { kind: 'cron'; fields: string; year: string }
  | { kind: 'at'; local: string };

const RATE_UNITS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

export function parseScheduleExpression(expression: string): ParsedExpression {
  const rate = expression.match(/^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/);
  if (rate) {
    const count = Number(rate[1]);
    const unit = rate[2]!.replace(/s$/, '');
    if (count < 1) throw new ValidationError('A rate must be at least 1');
    if ((count === 1) !== (rate[2] === unit)) {
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
    if (dom !== '?' && dow !== '?')
      throw new ValidationError("A cron expression needs '?' in day-of-month or day-of-week");
    if (/W/.test(dom)) throw new ValidationError("The 'W' (nearest weekday) field is not supported");
    // EventBridge counts days of week 1-7 from Sunday; the parser counts 0-6.
    const weekday = dow.replace(/\d+/g, (n, offset: number, whole: string) =>
      whole[offset - 1] === '#' ? n : String(Number(n) - 1),
    );
    const fields = [minutes, hours, dom.replace('?', '*'), month, weekday.replace('?', '*')].join(' ');
    try {
      CronExpressionParser.parse(fields);
    } catch (error) {
      throw new ValidationError(`Invalid cron expression: ${(error as Error).message}`);
    }
    if (year !== '*' && !/^\d{4}(-\d{4})?$/.test(year))
      throw new ValidationError('The cron year must be * or YYYY or YYYY-YYYY');
    return { kind: 'cron', fields, year };
  }
  throw new ValidationError('A schedule expression is rate(...), cron(...) or at(...)');
}

function yearAllows(year: string, date: Date, timezone: string): boolean {
  if (year === '*') return true;
  const y = DateTime.fromJSDate(date, { zone: timezone }).year;
  const [from, to = from] = year.split('-').map(Number) as [number, number?];
  return y >= from && y <= (to ?? from);
}

/**
 * The first run strictly after `after`, or undefined when the schedule will not run again.
 * A rate counts from `anchor` (the schedule's creation), as EventBridge does.
 */
export function nextRunAfter(
  expression: string,
  timezone: string,
  after: Date,
  anchor: Date = after,
): Date | undefined {
  const parsed = parseScheduleExpression(expression);
  if (!DateTime.local().setZone(timezone).isValid)
    throw new ValidationError(`Unknown time zone '${timezone}'`);
  switch (parsed.kind) {
    case 'rate': {
      const elapsed = after.getTime() - anchor.getTime();
      const periods = Math.floor(elapsed / parsed.everyMs) + 1;
      return new Date(anchor.getTime() + Math.max(1, periods) * parsed.everyMs);
    }
    case 'at': {
      const when = DateTime.fromISO(parsed.local, { zone: timezone });
      if (!when.isValid) throw new ValidationError('Invalid at() date');
      return when.toJSDate() > after ? when.toJSDate() : undefined;
    }
    case 'cron': {
      const iterator = CronExpressionParser.parse(parsed.fields, { currentDate: after, tz: timezone });
      // Bounded: a year range in the past would otherwise loop for ever.
      for (let i = 0; i < 5000; i++) {
        const next = iterator.next().toDate();
        if (yearAllows(parsed.year, next, timezone)) return next;
        if (
          parsed.year !== '*' &&
          DateTime.fromJSDate(next, { zone: timezone }).year > Number(parsed.year.split('-').at(-1))
        ) {
          return undefined;
        }
      }
      return undefined;
    }
  }
}
