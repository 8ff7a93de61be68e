import type { ListRow, TrobConfig } from './driver-types';

/** The filters several templates share (functions/catalog/templates/settings.ts), read one way. */
export function keywordList(config: TrobConfig, group: string, field: string): string[] {
  const value = (config[group] as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(value) ? value.map((v) => String(v).toLowerCase().trim()).filter(Boolean) : [];
}

/** True when no keywords are set, or the text contains at least one of them (any case). */
export function matchesAnyKeyword(text: string | undefined, keywords: readonly string[]): boolean {
  if (keywords.length === 0) return true;
  const haystack = (text ?? '').toLowerCase();
  return keywords.some((k) => haystack.includes(k));
}

const OPEN_TO_WORK =
  /\b(open to work|#opentowork|looking for (a |new )?(role|job|opportunit)|seeking (a |new )?(role|job|opportunit))/i;

export function looksOpenToWork(row: Pick<ListRow, 'headline'>): boolean {
  return OPEN_TO_WORK.test(row.headline ?? '');
}

export function flagOf(config: TrobConfig, group: string, field: string): boolean {
  return (config[group] as Record<string, unknown> | undefined)?.[field] === true;
}

/** A setting of `group` as the schema left it: undefined when unset. */
function settingOf(config: TrobConfig, group: string, field: string): unknown {
  return (config[group] as Record<string, unknown> | undefined)?.[field];
}

/** A text setting, trimmed; undefined when unset or blank. */
export function textOf(config: TrobConfig, group: string, field: string): string | undefined {
  const value = settingOf(config, group, field);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** A number setting; undefined when unset or not a finite number. */
export function numberOf(config: TrobConfig, group: string, field: string): number | undefined {
  const value = settingOf(config, group, field);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A list setting's values as given (an enum list such as `extractionTypes`), without blanks. */
export function listOf(config: TrobConfig, group: string, field: string): string[] {
  const value = settingOf(config, group, field);
  return Array.isArray(value) ? value.map(String).filter(Boolean) : [];
}

/** A handle setting without its @ and spaces ('@Trobly ' → 'Trobly'); undefined when blank. */
export function handleOf(config: TrobConfig, group: string, field: string): string | undefined {
  return textOf(config, group, field)?.replace(/^@+/, '') || undefined;
}

/**
 * A minimum-count filter (minimum followers): no minimum (unset or 0) keeps everyone; otherwise the
 * count must be known and at least the minimum.
 */
export function meetsMinimum(count: number | undefined, minimum: number | undefined): boolean {
  if (!minimum || minimum <= 0) return true;
  return typeof count === 'number' && count >= minimum;
}

/**
 * The ids of people a multi-list run already settled (post engagers: one row per person across the
 * likers, repliers, ... lists), packed small enough to travel in the list's cursor across segments:
 * digit ids in base 36, joined by commas.
 */
export function packIds(ids: Iterable<string>): string {
  return [...ids]
    .map((id) => (/^(0|[1-9]\d{0,29})$/.test(id) ? BigInt(id).toString(36) : `~${encodeURIComponent(id)}`))
    .join(',');
}

export function unpackIds(packed: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (packed ?? '').split(',')) {
    if (!part) continue;
    if (part.startsWith('~')) out.add(decodeURIComponent(part.slice(1)));
    else out.add([...part].reduce((n, c) => n * 36n + BigInt(Number.parseInt(c, 36)), 0n).toString());
  }
  return out;
}

/**
 * "On or after this date" (YYYY-MM-DD, a UTC day) for a time the list shows (ISO or epoch ms):
 * true when no date is set; false when the row's time is unknown.
 */
export function onOrAfterDay(time: string | number | undefined, day: string | undefined): boolean {
  if (!day) return true;
  const from = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(from)) return true;
  const at = typeof time === 'number' ? time : Date.parse(String(time ?? ''));
  return !Number.isNaN(at) && at >= from;
}
