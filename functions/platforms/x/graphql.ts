import type { BrowserCookie, PageResponse, PlatformPage } from '../browser';
import { cookieNamed, type Json } from '../driver-helpers';
import type { PlatformStop, PlatformStopReason } from '../driver-types';
import { type PlatformApi, PlatformServerError, platformRequest, stopOf } from '../platform-request';
import { classifyX, graphqlPath, X_API, type XOperation, xWall } from './endpoints';

/**
 * X's GraphQL calls from inside the signed-in page, through the shared request wrapper
 * (platform-request.ts): the csrf pair and the web app's headers, and every failure read by
 * endpoints.ts's classifier into a PlatformStop, or an XServerError for a 5xx (the engine retries the
 * run).
 */

/** The wall a URL ends at (the driver's `wallAt`). */
export function wallReason(url: string): PlatformStopReason | undefined {
  return xWall(url);
}

export function csrfOf(cookies: readonly BrowserCookie[]): string {
  return cookieNamed(cookies, X_API.csrfCookie);
}

export { errorCodes, resetOf } from './endpoints';

/** The PlatformStop an answer means; undefined for a good one and for a 5xx (not a stop). */
export function readFailure(res: PageResponse): PlatformStop | undefined {
  return stopOf(classifyX(res));
}

export class XServerError extends PlatformServerError {
  constructor(status: number) {
    super('X', status);
    this.name = 'XServerError';
  }
}

const X_REQUESTS: PlatformApi = {
  headers: X_API.headers,
  csrfHeader: X_API.csrfHeader,
  classify: classifyX,
  serverError: (status) => new XServerError(status),
};

export type { Json } from '../driver-helpers';

/** One GraphQL call; answers the parsed body or throws a PlatformStop (or XServerError for 5xx). */
export async function xGraphql(
  page: PlatformPage,
  operation: XOperation,
  variables: Record<string, unknown>,
  csrf: string,
): Promise<Json> {
  const res = await platformRequest(page, graphqlPath(operation, variables), csrf, X_REQUESTS);
  return (res.json ?? {}) as Json;
}
