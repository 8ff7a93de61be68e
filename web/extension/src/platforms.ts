import type { PlatformCookie } from '../../../shared/connections';
import { PLATFORM_TABLE, PLATFORMS, type Platform } from '../../../shared/platforms';
import type { BuildTarget } from './config';

/**
 * What the extension reads: per platform, the cookies of a session (THE platform table's, in
 * shared/platforms.ts, which the server's session checks read too) and where they live for each build
 * target. Nothing else is read, and nothing is sent for a platform whose login cookie is absent
 * (signed out). See platform-notes.md, "The extension".
 */
export interface PlatformCookieSpec {
  slug: Platform;
  label: string;
  /** The login cookie: without it the user is signed out there. */
  session: string;
  /** The CSRF cookie the session check also needs. */
  csrf: string;
  /** Sent when present: LinkedIn's Sales Navigator `li_a`, X's `twid`, Instagram's `ds_user_id`. */
  optional: readonly string[];
  /** `chrome.cookies.getAll({url})` sources, in order of preference: the first with a login wins. */
  sources: Readonly<Record<BuildTarget, readonly string[]>>;
  /** The production build's host permissions for this platform. */
  hosts: readonly string[];
}

/**
 * The sandbox sites of the local cloud listen on 127.0.0.1 (ports app + 11..13) and set host-only
 * cookies there; cookies ignore ports and their names tell the platforms apart. A sandbox opened
 * through `localhost` keeps its cookies on that host, hence the second source.
 */
const LOCAL_SOURCES = ['http://127.0.0.1/', 'http://localhost/'] as const;

/** The local build's host permissions: the sandbox sites and the app of `npm start`. */
export const LOCAL_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'] as const;

/** Where each platform's session lives and the hosts to read it from; the rest is the platform table's. */
const PLACES: Readonly<Record<Platform, Pick<PlatformCookieSpec, 'sources' | 'hosts'>>> = {
  linkedin: {
    sources: { production: ['https://www.linkedin.com/'], local: LOCAL_SOURCES },
    hosts: ['https://*.linkedin.com/*'],
  },
  twitter: {
    sources: { production: ['https://x.com/', 'https://twitter.com/'], local: LOCAL_SOURCES },
    hosts: ['https://*.x.com/*', 'https://*.twitter.com/*'],
  },
  instagram: {
    sources: { production: ['https://www.instagram.com/'], local: LOCAL_SOURCES },
    hosts: ['https://*.instagram.com/*'],
  },
};

export const PLATFORM_COOKIES: Readonly<Record<Platform, PlatformCookieSpec>> = Object.fromEntries(
  PLATFORMS.map((platform) => {
    const { label, cookies } = PLATFORM_TABLE[platform];
    const spec: PlatformCookieSpec = {
      slug: platform,
      label,
      session: cookies.session,
      csrf: cookies.csrf,
      optional: cookies.optional,
      ...PLACES[platform],
    };
    return [platform, spec];
  }),
) as Record<Platform, PlatformCookieSpec>;

export const PLATFORM_ORDER: readonly Platform[] = PLATFORMS;

/** The host permissions a build needs to read its platforms' cookies. */
export function platformHosts(target: BuildTarget): string[] {
  if (target === 'local') return [...LOCAL_HOSTS];
  return PLATFORM_ORDER.flatMap((slug) => PLATFORM_COOKIES[slug].hosts);
}

export const cookieNames = (spec: PlatformCookieSpec): string[] => [
  spec.session,
  spec.csrf,
  ...spec.optional,
];

/** The fields of a `chrome.cookies.Cookie` the extension uses. */
export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Unix seconds; absent for a session cookie. */
  expirationDate?: number;
}

/** A cookie as `POST /api/users/platforms/sync` takes it: the API's own schema type. */
export type SyncCookie = PlatformCookie;

/**
 * The session's cookies from the first source holding a login cookie with a value, one per name,
 * or undefined when the user is signed out everywhere.
 */
export function pickSessionCookies(
  spec: PlatformCookieSpec,
  bySource: readonly (readonly BrowserCookie[])[],
): SyncCookie[] | undefined {
  const wanted = cookieNames(spec);
  for (const cookies of bySource) {
    if (!cookies.some((c) => c.name === spec.session && c.value !== '')) continue;
    const picked = new Map<string, SyncCookie>();
    for (const c of cookies) {
      if (!wanted.includes(c.name) || c.value === '' || picked.has(c.name)) continue;
      picked.set(c.name, {
        name: c.name,
        value: c.value,
        domain: c.domain,
        path: c.path,
        secure: c.secure,
        httpOnly: c.httpOnly,
        ...(c.expirationDate === undefined ? {} : { expires: Math.floor(c.expirationDate) }),
      });
    }
    return wanted.flatMap((name) => {
      const cookie = picked.get(name);
      return cookie ? [cookie] : [];
    });
  }
  return undefined;
}

function hostMatches(host: string, cookieDomain: string): boolean {
  const domain = cookieDomain.replace(/^\./, '').toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/** The platform a changed cookie belongs to (its name is one we read, on one of its sources). */
export function platformOfCookie(
  target: BuildTarget,
  cookie: Pick<BrowserCookie, 'name' | 'domain'>,
): Platform | undefined {
  return PLATFORM_ORDER.find((slug) => {
    const spec = PLATFORM_COOKIES[slug];
    if (!cookieNames(spec).includes(cookie.name)) return false;
    return spec.sources[target].some((source) => hostMatches(new URL(source).hostname, cookie.domain));
  });
}

/**
 * A digest of what a sync sends, so an unchanged session is not posted again: the cookies' names and
 * values and the user agent. Only the digest is stored, never a value.
 */
export async function cookieFingerprint(cookies: readonly SyncCookie[], userAgent: string): Promise<string> {
  const text = [...cookies]
    .map((c) => `${c.name}=${c.value}`)
    .sort()
    .concat(userAgent)
    .join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
