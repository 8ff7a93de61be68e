import type { PlatformCookie, PlatformSlug } from '../../../shared/connections';
import type { BuildTarget } from './config';

/**
 * THE table of what the extension reads: per platform, the cookies of a session (the names the
 * server's session checks use: functions/platforms/{linkedin,x,instagram}.ts; a unit test keeps them
 * equal) and where they live for each build target. Nothing else is read, and nothing is sent for a
 * platform whose login cookie is absent (signed out). See platform-notes.md, "The extension".
 */
export interface PlatformCookieSpec {
  slug: PlatformSlug;
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

export const PLATFORM_COOKIES: Readonly<Record<PlatformSlug, PlatformCookieSpec>> = {
  linkedin: {
    slug: 'linkedin',
    label: 'LinkedIn',
    session: 'li_at',
    csrf: 'JSESSIONID',
    optional: ['li_a'],
    sources: { production: ['https://www.linkedin.com/'], local: LOCAL_SOURCES },
    hosts: ['https://*.linkedin.com/*'],
  },
  twitter: {
    slug: 'twitter',
    label: 'X',
    session: 'auth_token',
    csrf: 'ct0',
    optional: ['twid'],
    sources: { production: ['https://x.com/', 'https://twitter.com/'], local: LOCAL_SOURCES },
    hosts: ['https://*.x.com/*', 'https://*.twitter.com/*'],
  },
  instagram: {
    slug: 'instagram',
    label: 'Instagram',
    session: 'sessionid',
    csrf: 'csrftoken',
    optional: ['ds_user_id'],
    sources: { production: ['https://www.instagram.com/'], local: LOCAL_SOURCES },
    hosts: ['https://*.instagram.com/*'],
  },
};

export const PLATFORM_ORDER: readonly PlatformSlug[] = ['linkedin', 'twitter', 'instagram'];

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
): PlatformSlug | undefined {
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
