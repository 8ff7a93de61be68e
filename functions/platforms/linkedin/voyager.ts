import type { BrowserCookie, PageResponse, PlatformPage } from '../browser';
import { cookieNamed } from '../driver-helpers';
import type { PlatformStop, PlatformStopReason } from '../driver-types';
import { type PlatformApi, PlatformServerError, platformRequest, stopOf } from '../platform-request';
import { classifyLinkedIn, csrfToken, LINKEDIN_API, linkedinWall } from './endpoints';

/**
 * LinkedIn's JSON calls from inside the signed-in page, through the shared request wrapper
 * (platform-request.ts): the csrf-token header from JSESSIONID, and every failure read by
 * endpoints.ts's classifier into a PlatformStop, or a LinkedInServerError for a 5xx.
 */

/** The wall a URL ends at (the driver's `wallAt`). */
export function wallReason(url: string): PlatformStopReason | undefined {
  return linkedinWall(url);
}

export function csrfOf(cookies: readonly BrowserCookie[]): string {
  return csrfToken(cookieNamed(cookies, LINKEDIN_API.csrfCookie));
}

/** The PlatformStop an answer means; undefined for a good one and for a 5xx (not a stop). */
export function readFailure(res: PageResponse): PlatformStop | undefined {
  return stopOf(classifyLinkedIn(res));
}

export class LinkedInServerError extends PlatformServerError {
  constructor(status: number) {
    super('LinkedIn', status);
    this.name = 'LinkedInServerError';
  }
}

const LINKEDIN_REQUESTS: PlatformApi = {
  headers: LINKEDIN_API.headers,
  csrfHeader: LINKEDIN_API.csrfHeader,
  classify: classifyLinkedIn,
  serverError: (status) => new LinkedInServerError(status),
};

export interface Normalized {
  data?: Record<string, unknown>;
  included?: Array<Record<string, unknown>>;
}

export async function voyagerGet(page: PlatformPage, path: string, csrf: string): Promise<Normalized> {
  const res = await platformRequest(page, path, csrf, LINKEDIN_REQUESTS);
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
