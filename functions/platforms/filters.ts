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
