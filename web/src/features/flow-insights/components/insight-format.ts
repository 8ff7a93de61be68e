import { flowProspectsPath } from '../../../lib/flows/flow-paths';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function dateOf(value: string | undefined): Date | undefined {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** 'Mar 14, 2025, 10:00 AM' in the browser's time zone; '—' for a missing or broken value. */
export function formatDateTime(value: string | undefined): string {
  const date = dateOf(value);
  return date ? dateTime.format(date) : '—';
}

export function formatDay(value: string | undefined): string {
  const date = dateOf(value);
  return date ? day.format(date) : '—';
}

/** Up to two initials of a name, for a prospect without a photo. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

/** `/flows/{flowId}/prospects/{prospectId}` (spec 2.7). */
export const prospectPath = (flowId: string, prospectId: string) =>
  `${flowProspectsPath(flowId)}/${encodeURIComponent(prospectId)}`;

/** 'Showing x-y of n' figures: the first and last row shown and the list's total (never below what is shown). */
export function shownRange(shown: number, total: number): { from: number; to: number; total: number } {
  return { from: shown > 0 ? 1 : 0, to: shown, total: Math.max(total, shown) };
}
