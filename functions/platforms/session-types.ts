import type { Platform } from '../../shared/platforms';

/** A cookie as the session check needs it (name and value; the rest is the browser's business). */
export interface SessionCookie {
  name: string;
  value: string;
}

export type SessionFailureReason = 'expired' | 'challenge' | 'unreachable' | 'refused';

export type SessionCheck =
  | { ok: true; accountId: string; accountUsername: string; profileUrl: string }
  | { ok: false; reason: SessionFailureReason; detail: string };

export interface WhoAmIRequest {
  url: string;
  headers: Record<string, string>;
}

/** What the platform answered, read once by the session check (the body only when it is small). */
export interface WhoAmIResponse {
  status: number;
  /** The redirect target of a 3xx (the check never follows redirects). */
  location: string | undefined;
  contentType: string;
  json: unknown;
}

/**
 * Everything one platform's session check knows: where its who-am-I endpoint is, which cookies make a
 * session, which header carries the CSRF value, and how to read the answer. One file per platform.
 */
export interface PlatformSessionSpec {
  platform: Platform;
  /** The env var that points the platform at its local sandbox site. */
  sandboxUrlEnv: string;
  realBaseUrl: string;
  sessionCookie: string;
  csrfCookie: string;
  whoAmIRequest(baseUrl: string, cookies: readonly SessionCookie[], userAgent: string): WhoAmIRequest;
  readWhoAmI(response: WhoAmIResponse, baseUrl: string): SessionCheck;
}

/** `name=value; ...` of the cookies given, in their order. */
export function cookieHeader(cookies: readonly SessionCookie[]): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export function cookieValue(cookies: readonly SessionCookie[], name: string): string | undefined {
  return cookies.find((c) => c.name === name)?.value;
}

/** A redirect to one of these path fragments means the session is gone or walled. */
export function redirectReason(
  location: string | undefined,
  challengeMarks: readonly string[],
  loginMarks: readonly string[],
): SessionCheck | undefined {
  if (!location) return undefined;
  if (challengeMarks.some((m) => location.includes(m)))
    return { ok: false, reason: 'challenge', detail: 'redirected to a security check' };
  if (loginMarks.some((m) => location.includes(m)))
    return { ok: false, reason: 'expired', detail: 'redirected to the sign-in page' };
  return undefined;
}

export const failure = (reason: SessionFailureReason, detail: string): SessionCheck => ({
  ok: false,
  reason,
  detail,
});
