import { contentSecurityPolicy } from '../../../../lib/security-headers';
import type { IssuedSession, SandboxSite } from '../../../../scripts/sandbox-platforms';
import { INSTAGRAM } from '../../../../scripts/sandbox-platforms/instagram-config';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are what the tests assert, field by field.
export type Json = any;

/**
 * Calls a sandbox site the way a driver does from inside the platform's page: the session's cookies,
 * the CSRF header read from the CSRF cookie, and the headers the web apps send.
 */
export interface SandboxClient {
  session: IssuedSession;
  /** The login cookie's value (li_at, auth_token, sessionid): the failure switches' `token`. */
  token: string;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  json<T = Json>(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; response: Response }>;
}

const LOGIN_COOKIE = { linkedin: 'li_at', x: 'auth_token', instagram: 'sessionid' } as const;

export function platformHeaders(site: SandboxSite, session: IssuedSession): Record<string, string> {
  const value = (name: string) => session.cookies.find((c) => c.name === name)?.value ?? '';
  switch (site.platform) {
    case 'linkedin':
      return {
        'csrf-token': value('JSESSIONID').replace(/"/g, ''),
        accept: 'application/vnd.linkedin.normalized+json+2.1',
        'x-restli-protocol-version': '2.0.0',
      };
    case 'x':
      return {
        'x-csrf-token': value('ct0'),
        authorization: 'Bearer sandbox',
        'x-twitter-auth-type': 'OAuth2Session',
        'x-twitter-active-user': 'yes',
      };
    case 'instagram':
      return {
        'x-csrftoken': value('csrftoken'),
        'x-ig-app-id': INSTAGRAM.webAppId,
        'x-requested-with': 'XMLHttpRequest',
      };
  }
}

export function client(site: SandboxSite, session: IssuedSession = site.issueSession()): SandboxClient {
  const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const base = platformHeaders(site, session);
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${path}`, { redirect: 'manual', headers: { cookie, ...base, ...headers } });
  return {
    session,
    token: session.cookies.find((c) => c.name === LOGIN_COOKIE[site.platform])!.value,
    get,
    json: async (path, headers) => {
      const response = await get(path, headers);
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      return { status: response.status, body: body as Json, response };
    },
  };
}

/** The entities of a normalized LinkedIn answer by entityUrn. */
export function includedByUrn(body: { included?: Array<Record<string, unknown>> }): Map<string, Json> {
  return new Map((body.included ?? []).map((e) => [e.entityUrn as string, e]));
}

/**
 * Whether the app's img-src (lib/security-headers.ts, the same in AWS and the local cloud) lets the
 * app show an image from `url`: by scheme (data:, blob:, https:), for 'self' names only the app's own
 * origin, which no sandbox site is.
 */
export function appMayShowImage(url: string): boolean {
  const imgSrc = contentSecurityPolicy({ connectSources: [] })
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'img-src')!
    .slice(1);
  return imgSrc.includes(new URL(url).protocol);
}
