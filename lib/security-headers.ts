/**
 * The security headers of every response, in ONE place: CloudFront's response headers policy in AWS
 * (lib/web-stack.ts) and the local gateway (scripts/local-cloud/http-gateway.ts) both read them, so
 * the browser tests run the app under the production policy. No CDK import here: the gateway loads it.
 */

export interface CspOptions {
  /** Origins the app may connect to besides its own: the WebSocket API (`wss://…` in AWS, `ws://…` locally). */
  readonly connectSources: readonly string[];
  /**
   * `npm run dev` only: Vite's dev server puts React Refresh's preamble in an inline script and talks
   * to its HMR socket on another port. Never set for a built app.
   */
  readonly dev?: boolean;
}

export function contentSecurityPolicy({ connectSources, dev = false }: CspOptions): string {
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    // Mantine injects style attributes and <style> tags at run time.
    "style-src 'self' 'unsafe-inline'",
    // Lead and profile pictures come from the platforms' CDNs.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const HSTS_MAX_AGE_DAYS = 365;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_DAYS * 86400}; includeSubDomains`;
export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** The XSS auditor is gone from browsers and could be abused to blank pages: turned off, as OWASP advises. */
export const XSS_PROTECTION = '0';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';
/**
 * What every `/api` answer says about caching unless it says otherwise itself (the catalogue's ETag and
 * `private, max-age`): no-store, the gateway's own 404, 413 and 415 included, so no browser or proxy
 * keeps an answer meant for one signed-in user.
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * The headers as CloudFront adds them (lower-case names), for a server that sets them itself. HSTS over
 * plain http (the local cloud) is ignored by browsers, so sending it there is harmless.
 */
export function securityHeaders(options: CspOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'x-xss-protection': XSS_PROTECTION,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}
