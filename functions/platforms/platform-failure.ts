import type { PlatformStopReason } from './driver-types';

/**
 * The one vocabulary of platform failures. Each platform's endpoints module (`<platform>/endpoints.ts`)
 * has the only classifier of its answers, from an HTTP status, the URL a call ended at and the body,
 * into these reasons; the drivers' request wrapper (platform-request.ts) and the session check
 * (session-check.ts) both read answers through it, so the same answer means the same thing to a run
 * and to a sync.
 *
 * The reasons are the engine's stop reasons (driver-types.ts: challenge, expired, rate-limited,
 * changed, not-found) plus 'server-error': a 5xx, which stops nothing (the engine retries the run)
 * and which the session check reads as "unreachable".
 *
 * This module imports no runtime code: the session check's bundle carries it.
 */
export type PlatformFailureReason = PlatformStopReason | 'server-error';

/** What a wall on a URL means: a security check, or the sign-in page. */
export type WallReason = Extract<PlatformStopReason, 'challenge' | 'expired'>;

/** One reading of a platform's answer. */
export interface PlatformFailure {
  reason: PlatformFailureReason;
  /** In words, for the log; never a cookie or a token. */
  detail: string;
  /** When the platform said to come back (X's rate-limit reset). */
  retryAt?: Date;
}

/**
 * A platform's answer as the classifiers read it. A PageResponse (a fetch made inside the page, which
 * follows redirects) is one as it is; the session check, which does not follow redirects, passes a
 * 3xx's Location as `url`.
 */
export interface PlatformAnswer {
  status: number;
  /** Where the call ended: the final URL after redirects, or the Location of an unfollowed 3xx. */
  url: string;
  headers?: Readonly<Record<string, string>>;
  /** Parsed when the answer is JSON. */
  json?: unknown;
  /** The first few KB of a non-JSON answer. */
  text?: string;
}

/** A server error: 500 to 599 and nothing else (LinkedIn's 999 is its bot defence, not a 5xx). */
export const isServerError = (status: number): boolean => status >= 500 && status <= 599;

/** The path of a URL (absolute, or a path with a query); the text itself when it is neither. */
export function pathOf(url: string): string {
  try {
    return new URL(url, 'http://path.invalid').pathname;
  } catch {
    return url;
  }
}

/**
 * Whether `path` is the wall `mark` or a page under it: '/challenge' matches '/challenge' and
 * '/challenge/123/', never '/challengers' or '/login-help' (a profile named so, on X and Instagram,
 * whose profiles live at the root).
 */
export function isUnder(path: string, mark: string): boolean {
  const base = mark.endsWith('/') ? mark.slice(0, -1) : mark;
  return path === base || path.startsWith(`${base}/`);
}

/** The wall a URL ends at, by a platform's challenge and sign-in marks; undefined when it is none. */
export function wallAt(
  url: string,
  marks: { readonly challengeMarks: readonly string[]; readonly loginMarks: readonly string[] },
): WallReason | undefined {
  const path = pathOf(url);
  if (marks.challengeMarks.some((m) => isUnder(path, m))) return 'challenge';
  if (marks.loginMarks.some((m) => isUnder(path, m))) return 'expired';
  return undefined;
}

export const failed = (reason: PlatformFailureReason, detail: string, retryAt?: Date): PlatformFailure =>
  retryAt ? { reason, detail, retryAt } : { reason, detail };

/** The failure of an answer that ended at a wall, in the platform's words for each kind of wall. */
export const wallFailure = (
  wall: WallReason,
  words: { challenge: string; signedOut: string },
): PlatformFailure => failed(wall, wall === 'challenge' ? words.challenge : words.signedOut);
