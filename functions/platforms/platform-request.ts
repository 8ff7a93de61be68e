import type { PageResponse, PlatformPage } from './browser';
import { PlatformStop } from './driver-types';
import type { PlatformAnswer, PlatformFailure } from './platform-failure';

/**
 * The one request wrapper of the three platforms' API helpers (linkedin/voyager.ts, x/graphql.ts,
 * instagram/api.ts): the call is made inside the signed-in page (a same-origin fetch, as the
 * platform's own web app makes it), its answer read by the platform's classifier (its endpoints.ts),
 * and a failure thrown: a PlatformStop the engine acts on, or for a 5xx a PlatformServerError, a plain
 * error the engine retries the run on.
 */

/** A platform answered 5xx: no PlatformStop, so the run is retried. One subclass per platform. */
export class PlatformServerError extends Error {
  constructor(
    readonly platformLabel: string,
    readonly status: number,
  ) {
    super(`${platformLabel} answered ${status}`);
    this.name = 'PlatformServerError';
  }
}

/** What the wrapper needs of a platform. */
export interface PlatformApi {
  /** Headers every JSON call carries (accept, app ids, the web client's bearer). */
  readonly headers: Readonly<Record<string, string>>;
  /** The header that echoes the CSRF cookie. */
  readonly csrfHeader: string;
  classify(answer: PlatformAnswer): PlatformFailure | undefined;
  serverError(status: number): PlatformServerError;
}

/** The PlatformStop of a failure; undefined for none and for a server error (not a stop). */
export function stopOf(failure: PlatformFailure | undefined): PlatformStop | undefined {
  if (!failure || failure.reason === 'server-error') return undefined;
  return new PlatformStop(failure.reason, failure.detail, failure.retryAt);
}

/** Throws what a classified failure means; an answer that passes is returned as it is. */
export function throwIfFailed(
  api: Pick<PlatformApi, 'classify' | 'serverError'>,
  res: PageResponse,
): PageResponse {
  const failure = api.classify(res);
  if (!failure) return res;
  if (failure.reason === 'server-error') throw api.serverError(res.status);
  throw new PlatformStop(failure.reason, failure.detail, failure.retryAt);
}

/**
 * GET `path` from inside the page with the platform's headers and the CSRF header, and throw any
 * failure; answers the response that passed.
 */
export async function platformRequest(
  page: PlatformPage,
  path: string,
  csrf: string,
  api: PlatformApi,
): Promise<PageResponse> {
  const res = await page.request(path, { headers: { ...api.headers, [api.csrfHeader]: csrf } });
  return throwIfFailed(api, res);
}
