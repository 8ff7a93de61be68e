import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER } from './client-ip';
import { ForbiddenError } from './errors';
import { logger } from './logger';
import { forgetSecret, secret } from './secrets';

/**
 * Only requests that came through the distribution are served. The HTTP API's execute-api endpoint and
 * the function URLs are public addresses (CloudFront uses them as origins, there is no custom domain to
 * hide them behind), so a caller could reach them directly and write CloudFront-Viewer-Address itself,
 * making every per-client limit count a client of its choosing. CloudFront adds this header, holding a
 * per-stage secret, to every request it sends to the API and stream origins (lib/web-stack.ts); a request
 * without it is refused before anything else reads the request. Locally the gateway plays CloudFront
 * (scripts/local-cloud/http-gateway.ts `toEvent`), so the check is the same code in both runtimes.
 */
export { ORIGIN_VERIFY_HEADER };

const REFUSED = 'This address only serves requests that come through the app.';

/** A secret that was changed by hand (and CloudFront redeployed) is read again at most this often. */
const REFRESH_AFTER_MS = 60_000;
let lastRefresh = 0;

// Digests have one length whatever the inputs, so the comparison takes the same time for any header.
const digest = (value: string) => createHash('sha256').update(value).digest();
const matches = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** The secret, or undefined when it cannot be read: a request that cannot be checked is refused. */
const readSecret = () =>
  secret('ORIGIN_VERIFY').catch((error: unknown) => {
    logger.error('origin secret could not be read: the request is refused', { error });
    return undefined;
  });

/** Throws ForbiddenError (403) unless the request carries the origin secret. */
export async function verifyOrigin(headers: Record<string, string | undefined> | undefined): Promise<void> {
  const given = headers?.[ORIGIN_VERIFY_HEADER];
  // Refused before the secret is read: a flood of direct requests costs no Secrets Manager call.
  if (!given) throw new ForbiddenError(REFUSED);
  let expected = await readSecret();
  if (!expected) {
    // Fails closed: without a configured secret no request can prove where it came from.
    logger.error('origin secret is not configured: every request is refused');
    throw new ForbiddenError(REFUSED);
  }
  if (matches(given, expected)) return;
  // The value kept by this instance may predate a rotation: read it again, but not on every bad request.
  if (Date.now() - lastRefresh > REFRESH_AFTER_MS) {
    lastRefresh = Date.now();
    forgetSecret('ORIGIN_VERIFY');
    expected = await readSecret();
    if (expected && matches(given, expected)) return;
  }
  throw new ForbiddenError(REFUSED);
}
