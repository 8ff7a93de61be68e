/**
 * THE platform table: every fact about LinkedIn, X and Instagram that more than one place needs (the
 * API, the plan policy, the catalogue, the web app, the extension, the drivers, the sandbox) lives in
 * one row here, and everything else derives from it.
 *
 * This module imports nothing (no zod, no React): the browser extension and scripts import it as is.
 * Icons are named by a key; `web/src/lib/platform-icons.tsx` maps a key to its component.
 */

/** The platforms, in display order. The id is the slug the API's paths, bodies and the catalogue use. */
export const PLATFORMS = ['linkedin', 'twitter', 'instagram'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * The spelling of the spec's connection record (part 1, section 3: LINKEDIN, TWITTER, FACEBOOK,
 * INSTAGRAM). A wire format of its own: the record is upper case while every path and body uses the
 * id. FACEBOOK exists there but cannot be connected, so it is no platform of this table.
 */
export type PlatformRecordName = Uppercase<Platform> | 'FACEBOOK';

/** The platform columns of the plan-limit table (spec part 1, section 9). */
export type PlanPlatformKey = 'linkedin' | 'twitter';

/** Icon keys; the web maps each to a `@tabler/icons-react` component. */
export type PlatformIconKey = 'brand-linkedin' | 'brand-x' | 'brand-instagram' | 'brand-facebook';

export interface PlatformCookieNames {
  /** The login cookie: without it the user is signed out there. */
  readonly session: string;
  /** The CSRF cookie the session check also needs. */
  readonly csrf: string;
  /** Sent when present, never required. */
  readonly optional: readonly string[];
}

export interface PlatformInfo {
  readonly id: Platform;
  /** The name in sentences: the API's messages ('Twitter account disconnected'), the connections page. */
  readonly label: string;
  /** The spec's catalogue tag: the badge and filter of a trob ('Twitter/X'). */
  readonly tag: string;
  /** The connection record's spelling (`PlatformConnection.platform`). */
  readonly record: Uppercase<Platform>;
  readonly icon: PlatformIconKey;
  /** A Mantine colour name. */
  readonly color: string;
  /** The session cookies the extension reads and the session check needs. */
  readonly cookies: PlatformCookieNames;
  /**
   * The plan-limit table's column that decides whether a plan includes the platform. The table names
   * linkedin and twitter only; Instagram follows twitter's row (DECISIONS 21).
   */
  readonly planKey: PlanPlatformKey;
  /** Spec 2.8, DECISIONS 16: the dashboard counts connected linkedin and twitter accounts only (0 to 2). */
  readonly countedOnDashboard: boolean;
  /** The env var of the local cloud that points the platform at its sandbox site. */
  readonly sandboxUrlEnv: string;
}

export const PLATFORM_TABLE: { readonly [P in Platform]: PlatformInfo & { readonly id: P } } = {
  linkedin: {
    id: 'linkedin',
    label: 'LinkedIn',
    tag: 'LinkedIn',
    record: 'LINKEDIN',
    icon: 'brand-linkedin',
    color: 'blue',
    cookies: { session: 'li_at', csrf: 'JSESSIONID', optional: ['li_a'] },
    planKey: 'linkedin',
    countedOnDashboard: true,
    sandboxUrlEnv: 'SANDBOX_LINKEDIN_URL',
  },
  twitter: {
    id: 'twitter',
    label: 'Twitter',
    tag: 'Twitter/X',
    record: 'TWITTER',
    icon: 'brand-x',
    color: 'dark',
    cookies: { session: 'auth_token', csrf: 'ct0', optional: ['twid'] },
    planKey: 'twitter',
    countedOnDashboard: true,
    sandboxUrlEnv: 'SANDBOX_X_URL',
  },
  instagram: {
    id: 'instagram',
    label: 'Instagram',
    tag: 'Instagram',
    record: 'INSTAGRAM',
    icon: 'brand-instagram',
    color: 'pink',
    cookies: { session: 'sessionid', csrf: 'csrftoken', optional: ['ds_user_id'] },
    planKey: 'twitter',
    countedOnDashboard: false,
    sandboxUrlEnv: 'SANDBOX_INSTAGRAM_URL',
  },
};

/** How a record-only platform (FACEBOOK: in the spec's record, not connectable) is shown. */
export const FACEBOOK_RECORD = {
  label: 'Facebook',
  icon: 'brand-facebook',
  color: 'indigo',
} as const satisfies Pick<PlatformInfo, 'label' | 'icon' | 'color'>;

export const platformInfo = (platform: Platform): PlatformInfo => PLATFORM_TABLE[platform];

export function isPlatform(value: unknown): value is Platform {
  return (PLATFORMS as readonly unknown[]).includes(value);
}

/** The platform of a connection record's spelling ('LINKEDIN'), or undefined (FACEBOOK, unknown). */
export function platformOfRecord(name: string): Platform | undefined {
  return PLATFORMS.find((platform) => PLATFORM_TABLE[platform].record === name);
}

/**
 * The label of a platform named by its id or its record spelling ('LinkedIn'); FACEBOOK reads
 * 'Facebook', anything else is returned as given.
 */
export function platformLabel(platform: string): string {
  if (isPlatform(platform)) return PLATFORM_TABLE[platform].label;
  const byRecord = platformOfRecord(platform);
  if (byRecord) return PLATFORM_TABLE[byRecord].label;
  return platform === 'FACEBOOK' ? FACEBOOK_RECORD.label : platform;
}

/** The catalogue tag of a platform ('Twitter/X'). */
export const platformTag = (platform: Platform): string => PLATFORM_TABLE[platform].tag;

/** The session cookies of a platform, login first, then CSRF, then the optional ones. */
export function sessionCookieNames(platform: Platform): string[] {
  const { session, csrf, optional } = PLATFORM_TABLE[platform].cookies;
  return [session, csrf, ...optional];
}

/** The platforms the dashboard's 'connected accounts' counter counts (spec 2.8, DECISIONS 16). */
// Marked pure so that a bundle using none of this table (the extension's content script) drops it.
export const DASHBOARD_PLATFORMS: readonly Platform[] = /* @__PURE__ */ PLATFORMS.filter(
  (platform) => PLATFORM_TABLE[platform].countedOnDashboard,
);
