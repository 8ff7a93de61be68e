/**
 * Wall clocks and instants in an IANA time zone, from the runtime's Intl (Node's full ICU). A "wall"
 * is a wall-clock reading as epoch ms read as UTC: 2026-11-27 09:00 in Paris is the wall
 * Date.UTC(2026, 10, 27, 9), whatever instant that is. Used where a rule is said in a zone's own
 * clock: a flow's working hours (flows/run/flow-schedule.ts) and an account's quota days (DECISIONS 29).
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall clock of instant `ms` in `timezone`, as epoch ms read as UTC (whole seconds). */
export function wallClockOf(ms: number, timezone: string): number {
  const part: Record<string, number> = {};
  for (const { type, value } of formatterOf(timezone).formatToParts(new Date(ms))) part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** Every instant whose wall clock in `timezone` reads `wall` (ms read as UTC): none, one, or two on a fall-back. */
export function instantsOf(wall: number, timezone: string): number[] {
  // The zone's offsets a day either side cover any one change (no zone changes twice within two days).
  const offsets = new Set([wall - DAY_MS, wall + DAY_MS].map((t) => wallClockOf(t, timezone) - t));
  return [...offsets]
    .map((offset) => wall - offset)
    .filter((t) => wallClockOf(t, timezone) === wall)
    .sort((a, b) => a - b);
}

/**
 * The instant a wall clock names in `timezone`. An ambiguous one (the hour a fall-back repeats) is its
 * first occurrence; one that does not exist (the hour a spring-forward skips) moves forward by the gap,
 * i.e. is read with the offset in force before the change (02:30 in New York on 14 Mar 2027 is 03:30 EDT).
 */
export function instantOf(wall: number, timezone: string): number {
  const instants = instantsOf(wall, timezone);
  if (instants.length > 0) return instants[0]!;
  return wall - (wallClockOf(wall - DAY_MS, timezone) - (wall - DAY_MS));
}

/** The midnight (as a wall) of the local date instant `ms` falls on in `timezone`. */
export function wallDayOf(ms: number, timezone: string): number {
  return Math.floor(wallClockOf(ms, timezone) / DAY_MS) * DAY_MS;
}

/** 'YYYY-MM-DD' of a wall. */
export const isoDay = (wallMs: number): string => new Date(wallMs).toISOString().slice(0, 10);

/** The instant the calendar month of instant `ms` began in `timezone` (its first day's midnight). */
export function monthStartIn(ms: number, timezone: string): number {
  const wall = new Date(wallDayOf(ms, timezone));
  return instantOf(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), 1), timezone);
}
