import * as z from 'zod/mini';
import type { InvitationLimit } from './invitation-limit';
import { PLATFORMS, type PlatformRecordName } from './platforms';
import { isCookieValue, isHeaderValue, visibleText } from './text';
import { isTimeZone } from './time-zone';
import type { WarmUp } from './warm-up';

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

/** The connection record (spec 3). */
export interface PlatformConnection {
  id: string;
  platform: PlatformRecordName;
  accountUsername: string | null;
  accountId: string;
  profileUrl: string | null;
  isActive: boolean;
  lastValidated: string | null;
  errorCount: number;
  lastError: string | null;
  createdAt: string;
  /**
   * The IANA zone of the browser that connected or last synced the account (DECISIONS 29): its daily
   * and weekly budgets reset at midnight and on Monday there. Null until a browser has said (UTC then).
   */
  timeZone: string | null;
  /**
   * Where the account stands in its warm-up (issue 23 point 3): null until its first write action;
   * left out where the answer is not the connections list.
   */
  warmUp?: WarmUp | null;
  /** The invitation budget while it adapts (issue 23 point 5); null: the full one. */
  invitationLimit?: InvitationLimit | null;
}

export type ConnectionStatus = 'Disconnected' | 'Needs Validation' | 'Issues Detected' | 'Connected';

/** Spec 9: a connection needs revalidation after more than 7 days. */
export const REVALIDATE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Spec 4, in the spec's order: not active, then stale validation (last validated more than 7 days ago:
 * exactly 7 days is still fresh), then errors. Only a validation date older than that is stale: a
 * connection without one (or with an unreadable one) is not 'more than 7 days ago', so its errors decide.
 */
export function connectionStatus(
  record: Pick<PlatformConnection, 'isActive' | 'lastValidated' | 'errorCount'>,
  now: Date = new Date(),
): ConnectionStatus {
  if (!record.isActive) return 'Disconnected';
  const validated = record.lastValidated ? new Date(record.lastValidated).getTime() : Number.NaN;
  if (!Number.isNaN(validated) && now.getTime() - validated > REVALIDATE_AFTER_MS) return 'Needs Validation';
  if (record.errorCount > 0) return 'Issues Detected';
  return 'Connected';
}

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

/** Spec 8 texts plus the server's own. */
export const CONNECTION_TEXTS = {
  disconnected: (label: string) => `${label} account disconnected`,
  validated: (label: string) => `${label} connection validated`,
  connected: (label: string) => `${label} account connected`,
  updated: (label: string) => `${label} connection updated`,
  notFound: 'Platform connection not found',
  checkConnected: (label: string) => `${label} is connected`,
  checkNotConnected: (label: string) => `${label} is not connected`,
  notInPlan: (label: string, hint: string | undefined) =>
    `${label} is not included in your plan.${hint ? ` ${hint}` : ''}`,
  sandboxUnavailable: 'Sandbox accounts are not available here.',
  listFailed: 'Failed to load platform connections',
  disconnectFailed: 'Failed to disconnect platform',
  validateFailed: 'Failed to validate connection',
} as const;
