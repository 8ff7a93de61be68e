import { Cron } from 'croner';
import { ValidationError } from './errors';
import { isKnownTimeZone, parseScheduleExpression } from './schedule-expression';

/**
 * When a schedule runs next, as EventBridge Scheduler would run it: the local scheduler's clock
 * (adapters/local-scheduler.ts). croner does the calendar work with the runtime's time zones.
 */

/** A cron's five standard fields, with seconds 0 and EventBridge's year; without a callback, no timer runs. */
function cronOf(fields: string, year: string, timezone: string): Cron {
  try {
    return new Cron(`0 ${fields} ${year}`, { mode: '7-part', timezone });
  } catch (error) {
    throw new ValidationError(`Invalid cron expression: ${(error as Error).message}`);
  }
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
  if (!isKnownTimeZone(timezone)) throw new ValidationError(`Unknown time zone '${timezone}'`);
  switch (parsed.kind) {
    case 'rate': {
      const elapsed = after.getTime() - anchor.getTime();
      const periods = Math.floor(elapsed / parsed.everyMs) + 1;
      return new Date(anchor.getTime() + Math.max(1, periods) * parsed.everyMs);
    }
    case 'at': {
      if (!isCalendarDateTime(parsed.local)) throw new ValidationError('Invalid at() date');
      // An ISO local time without offset is read in the time zone and fires once.
      return new Cron(parsed.local, { timezone }).nextRun(after) ?? undefined;
    }
    case 'cron': {
      // The year field bounds the search: a schedule for a later year starts there, and one for a past
      // year, or for a date that never comes (30 February), has no next run.
      return cronOf(parsed.fields, parsed.year, timezone).nextRun(after) ?? undefined;
    }
  }
}

/**
 * `YYYY-MM-DDThh:mm:ss` naming a real date and time: read as UTC, an impossible one (30 February, 24:00)
 * rolls over into another date and does not read back the same.
 */
function isCalendarDateTime(local: string): boolean {
  const date = new Date(`${local}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === local;
}
