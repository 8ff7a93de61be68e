import * as z from 'zod/mini';
import { PLATFORMS } from './platforms';
import { isCookieValue, isHeaderValue, visibleText } from './text';
import { isTimeZone } from './time-zone';

export * from './connection-values';

/**
 * Platform connections (spec part 1: 2.11, 3, 4, 7, 8): the payloads of the connection routes and the
 * record as the API shows it. The record never carries cookies: they stay encrypted in the table.
 */

// The platforms themselves (ids, labels, the record's spelling) are THE platform table's:
// shared/platforms.ts.
const platformId = z.enum(PLATFORMS);

/** A path segment naming a platform: the slug in any case ('linkedin', 'LINKEDIN'). */
export const platformParam = z.pipe(z.string().check(z.trim(), z.toLowerCase()), platformId);

export const platformParams = z.object({ platform: platformParam });
export const connectionIdParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Invalid connection id')),
});

// Cookie bounds: real session cookies are well under these; they keep one item far from 400 KB.
export const MAX_COOKIES = 50;
export const MAX_COOKIE_VALUE = 4096;

const cookieName = z
  .string()
  .check(z.minLength(1), z.maxLength(256), z.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'Invalid cookie name'));
export const USER_AGENT_MAX = 512;

export const SYNC_MESSAGES = {
  cookieValue: 'Cookie values may hold only the characters a Cookie header allows (RFC 6265)',
  cookieDomain: 'Cookie domain must be a host name',
  cookiePath: 'Cookie path must be visible ASCII without ";"',
  userAgent: 'userAgent may hold only visible ASCII characters and spaces',
  timeZone: 'timeZone must be an IANA time zone, like Europe/Paris',
} as const;

/** The browser's own zone (Intl's resolvedOptions().timeZone); quota days follow it (DECISIONS 29). */
const browserTimeZone = z.optional(
  z
    .string()
    .check(
      z.maxLength(64, { error: SYNC_MESSAGES.timeZone, abort: true }),
      z.refine(isTimeZone, SYNC_MESSAGES.timeZone),
    ),
);

// A value goes into a Cookie header as is (the session check and the runners replay it): RFC 6265's
// grammar, so no CR/LF to split the header, no NUL, no byte outside ASCII for the HTTP client to throw on.
const cookieValue = z.string().check(
  z.maxLength(MAX_COOKIE_VALUE, {
    error: `Cookie values must be ${MAX_COOKIE_VALUE} characters or less`,
    abort: true,
  }),
  z.refine(isCookieValue, SYNC_MESSAGES.cookieValue),
);

export const platformCookie = z.object({
  name: cookieName,
  value: cookieValue,
  domain: z.optional(
    z
      .string()
      .check(
        z.maxLength(255, { error: SYNC_MESSAGES.cookieDomain, abort: true }),
        z.regex(/^\.?[A-Za-z0-9.-]*$/, SYNC_MESSAGES.cookieDomain),
      ),
  ),
  path: z.optional(
    z.string().check(
      z.maxLength(1024, { error: SYNC_MESSAGES.cookiePath, abort: true }),
      z.refine((value) => isHeaderValue(value) && !value.includes(';'), SYNC_MESSAGES.cookiePath),
    ),
  ),
  // Seconds since the epoch, -1 for a session cookie (Chrome's and the CDP's convention); year 5138 at most.
  expires: z.optional(z.number().check(z.gte(-1), z.lte(1e11))),
  httpOnly: z.optional(z.boolean()),
  secure: z.optional(z.boolean()),
});
export type PlatformCookie = z.infer<typeof platformCookie>;

/** `POST /api/users/platforms/sync`: what the extension sends. The account fields are hints only. */
export const syncInput = z.object({
  platform: platformParam,
  cookies: z
    .array(platformCookie)
    .check(z.minLength(1, 'At least one cookie is required'), z.maxLength(MAX_COOKIES)),
  // Sent to the platform as the User-Agent header the session is tied to.
  userAgent: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'userAgent is required', abort: true }),
    z.maxLength(USER_AGENT_MAX, {
      error: `userAgent must be ${USER_AGENT_MAX} characters or less`,
      abort: true,
    }),
    z.refine(isHeaderValue, SYNC_MESSAGES.userAgent),
  ),
  accountId: z.optional(
    z
      .string()
      .check(
        z.maxLength(128, { error: 'accountId must be 128 characters or less', abort: true }),
        visibleText('accountId'),
      ),
  ),
  accountUsername: z.optional(
    z
      .string()
      .check(
        z.maxLength(128, { error: 'accountUsername must be 128 characters or less', abort: true }),
        visibleText('accountUsername'),
      ),
  ),
  profileUrl: z.optional(
    z
      .string()
      .check(
        z.maxLength(2048, { error: 'profileUrl must be 2048 characters or less', abort: true }),
        visibleText('profileUrl'),
      ),
  ),
  timeZone: browserTimeZone,
});
export type SyncInput = z.infer<typeof syncInput>;

/** `POST /api/users/platforms/sandbox` (local cloud only). */
export const sandboxConnectInput = z.object({ platform: platformParam, timeZone: browserTimeZone });
export type SandboxConnectInput = z.infer<typeof sandboxConnectInput>;
