import { createHash } from 'node:crypto';
import { type HttpEvent, type HttpResult, respond } from './http-handler';

/**
 * A 200 that the browser may keep and revalidate (issue 10 point 7), for answers that are the same for
 * every user and change seldom (the catalogue). They stay `private`: the routes are behind sign-in, so
 * CloudFront must not hand a stored copy to a caller it has not authenticated; it passes the ETag and
 * the 304 through. `maxAgeSeconds` is how long the browser uses its copy without asking; after that it
 * asks with If-None-Match and an unchanged answer costs a 304 without a body.
 */
export interface CachePolicy {
  maxAgeSeconds: number;
  /** How long an expired copy may still be shown while it is revalidated in the background. */
  staleWhileRevalidateSeconds: number;
}

export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header (a list, or `*`) names `etag`; weak validators match too. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export function cacheable(event: HttpEvent, body: unknown, policy: CachePolicy): HttpResult {
  const etag = etagOf(body);
  const headers = {
    'cache-control': `private, max-age=${policy.maxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}`,
    etag,
  };
  return matchesEtag(event.headers?.['if-none-match'], etag)
    ? respond(304, undefined, headers)
    : respond(200, body, headers);
}
