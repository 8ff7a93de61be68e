import type { BrowserCookie, PageResponse, PlatformPage } from '../browser';
import { cookieNamed, type Json, pathOf } from '../driver-helpers';
import { PlatformStop, type PlatformStopReason } from '../driver-types';
import { graphqlPath, X_API, type XOperation } from './endpoints';

/**
 * X's GraphQL calls from inside the signed-in page, and every failure of platform-notes.md read into
 * a PlatformStop: 401 or code 32 expired, 403 with code 326 locked (a challenge), any other 403
 * expired, 429 or code 88 rate-limited until x-rate-limit-reset, 400 (a stale query id, missing
 * features) changed. A fetch follows a redirect to a wall, so the final URL is checked first. 5xx is a
 * plain error: the engine retries the run.
 */
export function wallReason(url: string): PlatformStopReason | undefined {
  const path = pathOf(url);
  if (X_API.challengeMarks.some((m) => path.startsWith(m))) return 'challenge';
  if (X_API.loginMarks.some((m) => path === m || path.startsWith(`${m}/`) || path.startsWith(`${m}?`)))
    return 'expired';
  return undefined;
}

export function csrfOf(cookies: readonly BrowserCookie[]): string {
  return cookieNamed(cookies, X_API.csrfCookie);
}

/** The error codes of an X answer (`{errors:[{code}]}`). */
export function errorCodes(json: unknown): number[] {
  const errors = (json as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors)
    ? errors.map((e) => Number((e as { code?: unknown }).code)).filter((c) => Number.isFinite(c))
    : [];
}

/** When X says its rate window ends (x-rate-limit-reset, unix seconds). */
export function resetOf(headers: Record<string, string>): Date | undefined {
  const raw = headers[X_API.rateResetHeader] ?? headers[X_API.rateResetHeader.toUpperCase()];
  const seconds = Number(raw);
  return raw && Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

export function readFailure(res: PageResponse): PlatformStop | undefined {
  const wall = wallReason(res.url);
  if (wall)
    return new PlatformStop(
      wall,
      wall === 'challenge' ? 'X locked the account (/account/access)' : 'X signed the session out',
    );
  const codes = errorCodes(res.json);
  const { errorCodes: code } = X_API;
  if (res.status === 429 || codes.includes(code.rateLimited))
    return new PlatformStop('rate-limited', `X rate limit (${res.status})`, resetOf(res.headers));
  if (codes.includes(code.locked)) return new PlatformStop('challenge', 'X locked the account (326)');
  if (res.status === 401 || codes.includes(code.notAuthenticated))
    return new PlatformStop('expired', `X could not authenticate the session (${res.status})`);
  if (res.status === 403)
    return new PlatformStop(
      'expired',
      codes.length ? `X refused the session (403, code ${codes.join(',')})` : 'X answered 403 without a body',
    );
  if (res.status >= 500) return undefined;
  if (res.status === 400)
    return new PlatformStop(
      'changed',
      codes.includes(code.missingFeatures)
        ? 'X asks for feature flags we do not send (336)'
        : 'X refused the request (400): a query id may be stale',
    );
  if (res.status === 404) return new PlatformStop('not-found', 'X answered 404');
  if (res.status !== 200) return new PlatformStop('changed', `X answered ${res.status}`);
  if (res.json === undefined) {
    if (/rate limit/i.test(res.text ?? ''))
      return new PlatformStop('rate-limited', 'X said rate limit exceeded');
    return new PlatformStop('changed', 'X answered a page where JSON was expected');
  }
  return undefined;
}

export class XServerError extends Error {
  constructor(status: number) {
    super(`X answered ${status}`);
    this.name = 'XServerError';
  }
}

export type { Json } from '../driver-helpers';

/** One GraphQL call; answers the parsed body or throws a PlatformStop (or XServerError for 5xx). */
export async function xGraphql(
  page: PlatformPage,
  operation: XOperation,
  variables: Record<string, unknown>,
  csrf: string,
): Promise<Json> {
  const res = await page.request(graphqlPath(operation, variables), {
    headers: { ...X_API.headers, [X_API.csrfHeader]: csrf },
  });
  const stop = readFailure(res);
  if (stop) throw stop;
  if (res.status >= 500) throw new XServerError(res.status);
  return (res.json ?? {}) as Json;
}
