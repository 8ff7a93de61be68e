import type { IncomingHttpHeaders } from 'node:http';
import type { RateWindow } from './failures';
import type { SandboxSession } from './sessions';
import type { WorldIndex } from './world-index';
import type { SandboxPerson, SandboxPlatform } from './world-types';

/** What the three sandbox sites share: replies, request context, the platform contract, HTML helpers. */
export type Reply =
  | { kind: 'html'; status?: number; body: string; headers?: Record<string, string> }
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'redirect'; location: string; status?: number };

/**
 * The platform's JSON failures: no or unknown session, CSRF mismatch, checkpoint, unknown route, a
 * session revoked by the expireAfter switch, a rate limit (the rateLimitAfter switch).
 */
export type ApiFailure = 'unauthenticated' | 'csrf' | 'challenge' | 'not_found' | 'expired' | 'rate_limited';

export interface RequestContext {
  url: URL;
  method: string;
  headers: IncomingHttpHeaders;
  session: SandboxSession;
  me: SandboxPerson;
  index: WorldIndex;
  baseUrl: string;
  /** Where LinkedIn's follower and people-search JSON stop (SANDBOX_LIST_CAP; 0: no cap). */
  listCap: number;
  /** A POST's body, as sent (the write calls read it). */
  body?: string;
}

/**
 * One platform's paths, cookie names, headers, failure shapes and pages: everything a platform change
 * would touch sits in that platform's module (linkedin.ts, x.ts, instagram.ts).
 */
export interface PlatformSpec {
  platform: SandboxPlatform;
  label: string;
  sessionCookie: string;
  csrfCookie: string;
  /** Whether JavaScript can read the CSRF cookie (it can on all three: their web apps read it). */
  csrfCookieHttpOnly: boolean;
  csrfHeader: string;
  /** The header value that matches a CSRF cookie value (LinkedIn strips JSESSIONID's quotes). */
  csrfHeaderValue(cookieValue: string): string;
  loginPaths: string[];
  logoutPaths: string[];
  loginFields: { username: string; password: string };
  homePath: string;
  challengePath: string;
  isApi(pathname: string): boolean;
  apiFailure(kind: ApiFailure): Reply;
  profilePath(person: SandboxPerson): string;
  loginPage(error?: string, redirect?: string): string;
  challengePage(): string;
  notFoundPage(): string;
  /** The page a rate-limited session sees (HTTP 429). */
  rateLimitedPage(): string;
  /** Headers of every JSON answer to a session (X's x-rate-limit-*). */
  apiHeaders?(rate: RateWindow): Record<string, string>;
  route(ctx: RequestContext): Reply | undefined;
}

export function esc(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function html(body: string, status = 200): Reply {
  return { kind: 'html', status, body };
}

export function json(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return { kind: 'json', status, body, ...(headers ? { headers } : {}) };
}

export function redirect(location: string, status = 302): Reply {
  return { kind: 'redirect', location, status };
}

export function document(title: string, css: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${css}</style></head><body>${body}</body></html>`;
}

export interface Page<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
  hasNext: boolean;
}

/** 1-based pages; a page past the end is empty. */
export function paginate<T>(items: readonly T[], pageParam: string | null, size: number): Page<T> {
  const page = Math.max(1, Number.parseInt(pageParam ?? '1', 10) || 1);
  const start = (page - 1) * size;
  return {
    items: items.slice(start, start + size),
    page,
    pages: Math.max(1, Math.ceil(items.length / size)),
    total: items.length,
    hasNext: start + size < items.length,
  };
}

/** Previous/next links that keep the other query parameters. */
export function pager(url: URL, page: Page<unknown>): string {
  const link = (n: number, rel: string, text: string) => {
    const target = new URL(url);
    target.searchParams.set('page', String(n));
    return `<a rel="${rel}" class="pager-${rel}" href="${esc(target.pathname + target.search)}">${text}</a>`;
  };
  return `<nav class="pagination" data-page="${page.page}" data-pages="${page.pages}" data-total="${page.total}">${
    page.page > 1 ? link(page.page - 1, 'prev', 'Previous') : ''
  } <span class="pager-state">Page ${page.page} of ${page.pages}</span> ${page.hasNext ? link(page.page + 1, 'next', 'Next') : ''}</nav>`;
}

/** Numeric query parameter with bounds (start/count on the JSON endpoints). */
export function intParam(url: URL, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number.parseInt(url.searchParams.get(name) ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, max) : fallback;
}

/** decodeURIComponent that keeps malformed text as it is instead of throwing. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Absolute URL of a site path (JSON answers carry absolute URLs, as the real sites' do). */
export function absolute(ctx: { baseUrl: string }, path: string): string {
  return `${ctx.baseUrl}${path}`;
}

/** A person's avatar: an SVG with their initials on a colour of their own. */
export function avatarSvg(name: string, seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (Math.imul(hash, 31) + seed.charCodeAt(i)) >>> 0;
  const hue = hash % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue},45%,45%)"/><text x="100" y="100" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="80" fill="#fff">${esc(initials(name))}</text></svg>`;
}

/**
 * A person's avatar as the sites' JSON answers give it: avatarSvg inline, as a data: URL. The
 * platforms' image hosts are https, which the app's CSP allows (lib/security-headers.ts: img-src
 * 'self' data: blob: https:); a sandbox site is http://localhost:<port>, which it does not. Inline, the
 * avatar shows under the same policy as in AWS, with no exception for the local cloud. The sites'
 * own pages keep `/media/avatars/<id>.svg`.
 */
export function avatarDataUrl(p: { name: string; id: string }): string {
  return `data:image/svg+xml,${encodeURIComponent(avatarSvg(p.name, p.id))}`;
}

export function initials(name: string): string {
  return name
    .split(' ')
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2);
}

export function loginForm(
  action: string,
  fields: { username: string; password: string },
  labels: { username: string; submit: string },
  error?: string,
  redirectTo?: string,
): string {
  return `<form method="post" action="${esc(action)}" class="login-form">
${error ? `<p class="login-error" role="alert">${esc(error)}</p>` : ''}
<label>${esc(labels.username)} <input name="${esc(fields.username)}" id="username" autocomplete="username"></label>
<label>Password <input type="password" name="${esc(fields.password)}" id="password" autocomplete="current-password"></label>
${redirectTo ? `<input type="hidden" name="redirect" value="${esc(redirectTo)}">` : ''}
<button type="submit" id="login-submit">${esc(labels.submit)}</button>
</form>`;
}
