import type { BrowserCookie, PageResponse, PlatformPage } from '../browser';
import { cookieNamed, type Json } from '../driver-helpers';
import type { PlatformStop, PlatformStopReason } from '../driver-types';
import { type PlatformApi, PlatformServerError, platformRequest, stopOf } from '../platform-request';
import { classifyTwitter, graphqlPath, TWITTER_API, type TwitterOperation, twitterWall } from './endpoints';

/**
 * X's GraphQL calls from inside the signed-in page, through the shared request wrapper
 * (platform-request.ts): the csrf pair and the web app's headers, and every failure read by
 * endpoints.ts's classifier into a PlatformStop, or a TwitterServerError for a 5xx (the engine retries the
 * run).
 */

/** The wall a URL ends at (the driver's `wallAt`). */
export function wallReason(url: string): PlatformStopReason | undefined {
  return twitterWall(url);
}

export function csrfOf(cookies: readonly BrowserCookie[]): string {
  return cookieNamed(cookies, TWITTER_API.csrfCookie);
}

export { errorCodes, resetOf } from './endpoints';

/** The PlatformStop an answer means; undefined for a good one and for a 5xx (not a stop). */
export function readFailure(res: PageResponse): PlatformStop | undefined {
  return stopOf(classifyTwitter(res));
}

export class TwitterServerError extends PlatformServerError {
  constructor(status: number) {
    super('X', status);
    this.name = 'TwitterServerError';
  }
}

const TWITTER_REQUESTS: PlatformApi = {
  headers: TWITTER_API.headers,
  csrfHeader: TWITTER_API.csrfHeader,
  classify: classifyTwitter,
  serverError: (status) => new TwitterServerError(status),
};

export type { Json } from '../driver-helpers';

/** One GraphQL call; answers the parsed body or throws a PlatformStop (or TwitterServerError for 5xx). */
export async function twitterGraphql(
  page: PlatformPage,
  operation: TwitterOperation,
  variables: Record<string, unknown>,
  csrf: string,
): Promise<Json> {
  const res = await platformRequest(page, graphqlPath(operation, variables), csrf, TWITTER_REQUESTS);
  return (res.json ?? {}) as Json;
}
