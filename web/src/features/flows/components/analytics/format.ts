import { ANALYTICS_TEXTS } from './analytics-texts';

/** A calendar day of the period (YYYY-MM-DD, already in the flow's zone): 'Mar 14' or 'Mar 14, 2025'. */
export function formatDate(day: string, withYear = false): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

const knownZone = (timeZone: string | undefined) => {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
};

/** A moment in the flow's time zone: 'Mar 14, 2025, 10:05 AM'; '—' without one. */
export function formatMoment(value: string | null | undefined, timeZone?: string): string {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return ANALYTICS_TEXTS.none;
  const zone = knownZone(timeZone);
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(zone ? { timeZone: zone } : {}),
  });
}

/** A percent (0-100) as text, one decimal at most: '33.3%'; '—' with nothing to divide. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return ANALYTICS_TEXTS.none;
  return `${Math.round(rate * 10) / 10}%`;
}

/** A share as a bar's value: 0 to 100, whole. */
export function percentOf(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((part / whole) * 100)));
}

/** Thousands separated: 12,345. */
export const formatCount = (value: number) => value.toLocaleString('en-US');
