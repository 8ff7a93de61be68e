import type { BrowserCookie, PageResponse, PlatformPage } from '../browser';
import { cookieNamed, pathOf } from '../driver-helpers';
import { PlatformStop, type PlatformStopReason } from '../driver-types';
import { LINKEDIN_API } from './endpoints';

/**
 * LinkedIn's JSON calls from inside the signed-in page: the csrf-token header from JSESSIONID, and
 * every failure of platform-notes.md read into a PlatformStop. A fetch follows a redirect to a wall,
 * so the final URL and the content type are checked, not only the status.
 */
export function wallReason(url: string): PlatformStopReason | undefined {
  const path = pathOf(url);
  if (LINKEDIN_API.challengeMarks.some((m) => path.startsWith(m))) return 'challenge';
  if (LINKEDIN_API.loginMarks.some((m) => path.startsWith(m))) return 'expired';
  return undefined;
}

export function csrfOf(cookies: readonly BrowserCookie[]): string {
  return cookieNamed(cookies, 'JSESSIONID').replace(/^"|"$/g, '');
}

export function readFailure(res: PageResponse): PlatformStop | undefined {
  const wall = wallReason(res.url);
  if (wall)
    return new PlatformStop(
      wall,
      wall === 'challenge' ? 'LinkedIn asked for a security check' : 'LinkedIn signed the session out',
    );
  if (res.status === 401) return new PlatformStop('expired', 'LinkedIn answered 401');
  if (res.status === 999) return new PlatformStop('challenge', 'LinkedIn answered 999 (bot defence)');
  if (res.status === 403)
    return new PlatformStop('expired', 'LinkedIn answered 403 (session flagged or CSRF refused)');
  if (res.status === 429) return new PlatformStop('rate-limited', 'LinkedIn answered 429');
  if (res.status === 404) return new PlatformStop('not-found', 'LinkedIn answered 404');
  if (res.status === 400)
    return new PlatformStop('changed', 'LinkedIn refused the request (400): a query id may be stale');
  if (res.status >= 500) return undefined;
  if (res.status !== 200) return new PlatformStop('changed', `LinkedIn answered ${res.status}`);
  if (res.json === undefined) {
    if (/too many requests/i.test(res.text ?? ''))
      return new PlatformStop('rate-limited', 'LinkedIn said too many requests');
    return new PlatformStop('changed', 'LinkedIn answered a page where JSON was expected');
  }
  return undefined;
}

export class LinkedInServerError extends Error {
  constructor(status: number) {
    super(`LinkedIn answered ${status}`);
    this.name = 'LinkedInServerError';
  }
}

export interface Normalized {
  data?: Record<string, unknown>;
  included?: Array<Record<string, unknown>>;
}

export async function voyagerGet(page: PlatformPage, path: string, csrf: string): Promise<Normalized> {
  const res = await page.request(path, {
    headers: { ...LINKEDIN_API.headers, [LINKEDIN_API.csrfHeader]: csrf },
  });
  const stop = readFailure(res);
  if (stop) throw stop;
  if (res.status >= 500) throw new LinkedInServerError(res.status);
  return res.json as Normalized;
}

/** `included` by entityUrn: how a `*field` reference is resolved. */
export function byUrn(body: Normalized): Map<string, Record<string, unknown>> {
  return new Map((body.included ?? []).map((item) => [String(item.entityUrn), item]));
}

/** The profile id (ACoAA...) inside any URN that names one. */
export function profileIdIn(urn: unknown): string | undefined {
  const match = /fsd_profile:([^,)]+)/.exec(String(urn ?? ''));
  return match?.[1];
}

export const textOf = (value: unknown): string | undefined => {
  const text = (value as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && text.trim() ? text.trim() : undefined;
};

/** The largest artifact of a vector image, as a URL. */
export function imageUrl(image: unknown): string | undefined {
  const vector = image as
    | { rootUrl?: string; artifacts?: Array<{ fileIdentifyingUrlPathSegment?: string; width?: number }> }
    | undefined;
  if (!vector?.rootUrl) return undefined;
  const best = [...(vector.artifacts ?? [])].sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0];
  return `${vector.rootUrl}${best?.fileIdentifyingUrlPathSegment ?? ''}`;
}

/** `/in/<handle>/` of a profile URL, or undefined. */
export function handleOf(profileUrl: string | undefined): string | undefined {
  const match = /\/in\/([^/?#]+)/.exec(profileUrl ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
