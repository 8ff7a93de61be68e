import type { BrowserCookie } from './browser';

/**
 * Small readers every platform driver needs, written once: a JSON value as a record, a URL's path (a
 * wall shows in it), a cookie by name, and the cursor of the engager lists, which walk several lists
 * of one post in turn.
 */
export type Json = Record<string, unknown>;

export const asRecord = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** The path of a URL (platform-failure.ts, where the wall checks read it). */
export { pathOf } from './platform-failure';

export function cookieNamed(cookies: readonly BrowserCookie[], name: string): string {
  return cookies.find((c) => c.name === name)?.value ?? '';
}

/** Where a post's engager lists stand: which list, that list's own cursor, the people settled so far. */
export interface EngagersCursor {
  /** Index into the selected kinds. */
  k: number;
  /** The current list's own cursor (a next_max_id, a Bottom cursor). */
  c?: string;
  /** The people settled so far (packIds in filters.ts). */
  s?: string;
}

export function parseEngagersCursor(cursor: string | undefined): EngagersCursor {
  if (!cursor) return { k: 0 };
  try {
    const parsed = JSON.parse(cursor) as EngagersCursor;
    return typeof parsed.k === 'number' ? parsed : { k: 0 };
  } catch {
    return { k: 0 };
  }
}
