import type { BrowserCookie, PageResponse, PlatformPage } from '../browser';
import { cookieNamed, type Json } from '../driver-helpers';
import type { PlatformStop, PlatformStopReason } from '../driver-types';
import { type PlatformApi, PlatformServerError, platformRequest, stopOf } from '../platform-request';
import { classifyInstagram, INSTAGRAM_API, instagramWall } from './endpoints';

/**
 * Instagram's web API calls from inside the signed-in page, through the shared request wrapper
 * (platform-request.ts): the web app id, the csrf pair and XMLHttpRequest, and every failure read by
 * endpoints.ts's classifier into a PlatformStop, or an InstagramServerError for a 5xx (the engine
 * retries the run).
 */

/** The wall a URL ends at (the driver's `wallAt`). */
export function wallReason(url: string): PlatformStopReason | undefined {
  return instagramWall(url);
}

export function csrfOf(cookies: readonly BrowserCookie[]): string {
  return cookieNamed(cookies, INSTAGRAM_API.csrfCookie);
}

/** The PlatformStop an answer means; undefined for a good one and for a 5xx (not a stop). */
export function readFailure(res: PageResponse): PlatformStop | undefined {
  return stopOf(classifyInstagram(res));
}

export class InstagramServerError extends PlatformServerError {
  constructor(status: number) {
    super('Instagram', status);
    this.name = 'InstagramServerError';
  }
}

const INSTAGRAM_REQUESTS: PlatformApi = {
  headers: INSTAGRAM_API.headers,
  csrfHeader: INSTAGRAM_API.csrfHeader,
  classify: classifyInstagram,
  serverError: (status) => new InstagramServerError(status),
};

export type { Json } from '../driver-helpers';

/** One web API call; answers the parsed body or throws a PlatformStop (or InstagramServerError for 5xx). */
export async function igGet(page: PlatformPage, path: string, csrf: string): Promise<Json> {
  const res = await platformRequest(page, path, csrf, INSTAGRAM_REQUESTS);
  return res.json as Json;
}
