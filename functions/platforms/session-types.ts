import type { Platform } from '../../shared/platforms';
import type { PlatformAnswer, PlatformFailure, PlatformFailureReason } from './platform-failure';

/** A cookie as the session check needs it (name and value; the rest is the browser's business). */
export interface PlatformSessionCookie {
  name: string;
  value: string;
}

/**
 * What a failed session check tells the user (connections/connection-service.ts words each). Not a
 * second classification of the platform's answers: those are read into the one set of
 * platform-failure.ts by the platform's classifier, and PLATFORM_SESSION_VERDICT maps each to one of these.
 * 'expired' and 'challenge' are the same words as the engine's stop reasons; 'unreachable' is a
 * platform that did not answer or cannot serve now; 'refused' is what the platform never says itself
 * (a session without its CSRF cookie, a session that now belongs to another account).
 */
export type PlatformSessionFailure =
  | Extract<PlatformFailureReason, 'expired' | 'challenge'>
  | 'unreachable'
  | 'refused';

/**
 * The session check's verdict on each reason a platform's answer was read as, so a sync and a run read
 * the same answer the same way. A rate limit (and a 5xx) is 'unreachable': the session may be fine and
 * the advice is to try again later (a 503), not to sign in again.
 */
export const PLATFORM_SESSION_VERDICT: Readonly<Record<PlatformFailureReason, PlatformSessionFailure>> = {
  challenge: 'challenge',
  expired: 'expired',
  'rate-limited': 'unreachable',
  'server-error': 'unreachable',
  changed: 'unreachable',
  'not-found': 'unreachable',
};

export type PlatformSessionCheck =
  | { ok: true; accountId: string; accountUsername: string; profileUrl: string }
  | { ok: false; reason: PlatformSessionFailure; detail: string };

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
  /** The first few KB of a non-JSON answer (a wall's or a limit page's text). */
  text?: string;
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
  whoAmIRequest(baseUrl: string, cookies: readonly PlatformSessionCookie[], userAgent: string): WhoAmIRequest;
  readWhoAmI(response: WhoAmIResponse, baseUrl: string): PlatformSessionCheck;
}

/** `name=value; ...` of the cookies given, in their order. */
export function cookieHeader(cookies: readonly PlatformSessionCookie[]): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export function cookieValue(cookies: readonly PlatformSessionCookie[], name: string): string | undefined {
  return cookies.find((c) => c.name === name)?.value;
}

/**
 * A who-am-I answer as the platform classifiers read it: the check never follows a redirect, so a 3xx
 * is read at its Location (a wall shows there), any other answer at the URL asked.
 */
export function whoAmIAnswer(response: WhoAmIResponse, requestUrl: string): PlatformAnswer {
  return {
    status: response.status,
    url: response.location ?? requestUrl,
    json: response.json,
    ...(response.text === undefined ? {} : { text: response.text }),
  };
}

export const failure = (reason: PlatformSessionFailure, detail: string): PlatformSessionCheck => ({
  ok: false,
  reason,
  detail,
});

/** The failed check of a platform failure, by PLATFORM_SESSION_VERDICT. */
export const platformSessionFailureOf = (failed: PlatformFailure): PlatformSessionCheck =>
  failure(PLATFORM_SESSION_VERDICT[failed.reason], failed.detail);
