import type { Platform } from '../../shared/platforms';
import { instagramSession } from './instagram/session';
import { linkedinSession } from './linkedin/session';
import type {
  PlatformSessionCheck,
  PlatformSessionCookie,
  PlatformSessionSpec,
  WhoAmIResponse,
} from './session-types';
import { twitterSession } from './twitter/session';

export type { PlatformSessionCheck, PlatformSessionCookie, PlatformSessionFailure } from './session-types';

export const platformSessionSpecs: Readonly<Record<Platform, PlatformSessionSpec>> = {
  linkedin: linkedinSession,
  twitter: twitterSession,
  instagram: instagramSession,
};

/** The local sandbox site when the local cloud set its URL, else the real platform. */
export function platformBaseUrl(platform: Platform, source: NodeJS.ProcessEnv = process.env): string {
  const spec = platformSessionSpecs[platform];
  return (source[spec.sandboxUrlEnv] || spec.realBaseUrl).replace(/\/$/, '');
}

export const PLATFORM_SESSION_CHECK_TIMEOUT_MS = 8000;
/** A who-am-I answer is a few KB; anything far larger is not the JSON we asked for. */
const MAX_BODY_BYTES = 256 * 1024;
/** What the classifiers may read of a non-JSON answer (a wall's or a limit page's words). */
const TEXT_SAMPLE = 4096;

/**
 * Asks the platform who the cookies belong to. Never follows a redirect (a login wall or checkpoint
 * shows as one), never throws, and never puts a cookie into the answer's detail.
 */
export async function checkPlatformSession(
  platform: Platform,
  cookies: readonly PlatformSessionCookie[],
  userAgent: string,
  options: { timeoutMs?: number; baseUrl?: string } = {},
): Promise<PlatformSessionCheck> {
  const spec = platformSessionSpecs[platform];
  if (!cookies.some((c) => c.name === spec.sessionCookie && c.value)) {
    return { ok: false, reason: 'expired', detail: `the ${spec.sessionCookie} cookie is missing` };
  }
  if (!cookies.some((c) => c.name === spec.csrfCookie && c.value)) {
    return { ok: false, reason: 'refused', detail: `the ${spec.csrfCookie} cookie is missing` };
  }
  const baseUrl = options.baseUrl ?? platformBaseUrl(platform);
  const request = spec.whoAmIRequest(baseUrl, cookies, userAgent);
  let response: WhoAmIResponse;
  try {
    const res = await fetch(request.url, {
      headers: request.headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? PLATFORM_SESSION_CHECK_TIMEOUT_MS),
    });
    const contentType = res.headers.get('content-type') ?? '';
    const text = await res.text();
    let json: unknown;
    if (contentType.includes('json') && text.length <= MAX_BODY_BYTES) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    response = {
      status: res.status,
      location: res.headers.get('location') ?? undefined,
      contentType,
      json,
      ...(json === undefined ? { text: text.slice(0, TEXT_SAMPLE) } : {}),
    };
  } catch (error) {
    const name = (error as Error)?.name;
    return {
      ok: false,
      reason: 'unreachable',
      detail:
        name === 'TimeoutError' ? 'the platform did not answer in time' : 'the platform could not be reached',
    };
  }
  return spec.readWhoAmI(response, baseUrl);
}
