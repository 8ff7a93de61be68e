import type { BrowserCookie, PageResponse, PlatformPage } from '../browser';
import { cookieNamed, type Json, pathOf } from '../driver-helpers';
import { PlatformStop, type PlatformStopReason } from '../driver-types';
import { INSTAGRAM_API } from './endpoints';

/**
 * Instagram's web API calls from inside the signed-in page, and every failure of platform-notes.md
 * read into a PlatformStop: challenge_required / checkpoint_required a challenge, feedback_required
 * ("Action Blocked", even with 200) and 429 or "Please wait a few minutes" rate-limited, 401/403
 * login_required expired, a redirect that ends at /accounts/login/ expired or at /challenge/ a
 * challenge, HTML where JSON was expected expired. 5xx is a plain error: the engine retries the run.
 */
export function wallReason(url: string): PlatformStopReason | undefined {
  const path = pathOf(url);
  if (INSTAGRAM_API.challengeMarks.some((m) => path.startsWith(m))) return 'challenge';
  if (INSTAGRAM_API.loginMarks.some((m) => path.startsWith(m))) return 'expired';
  return undefined;
}

export function csrfOf(cookies: readonly BrowserCookie[]): string {
  return cookieNamed(cookies, INSTAGRAM_API.csrfCookie);
}

interface FailBody {
  message?: unknown;
  status?: unknown;
  spam?: unknown;
  feedback_title?: unknown;
  challenge?: { url?: unknown };
  checkpoint_url?: unknown;
}

const WAIT = /please wait a few minutes/i;

export function readFailure(res: PageResponse): PlatformStop | undefined {
  const wall = wallReason(res.url);
  if (wall)
    return new PlatformStop(
      wall,
      wall === 'challenge' ? 'Instagram asked for a security check' : 'Instagram signed the session out',
    );
  const body = (res.json && typeof res.json === 'object' ? res.json : {}) as FailBody;
  const message = typeof body.message === 'string' ? body.message : '';
  if (/challenge_required|checkpoint_required/.test(message)) {
    const url = String(body.challenge?.url ?? body.checkpoint_url ?? '');
    return new PlatformStop(
      'challenge',
      url.includes('/suspended/') ? 'Instagram suspended the account' : `Instagram answered ${message}`,
    );
  }
  if (/feedback_required/.test(message) || body.spam === true)
    return new PlatformStop('rate-limited', 'Instagram blocked the action (feedback_required)');
  if (res.status === 429 || WAIT.test(message) || (res.json === undefined && WAIT.test(res.text ?? '')))
    return new PlatformStop('rate-limited', 'Instagram asked to wait a few minutes');
  if (res.status === 401 || message === 'login_required')
    return new PlatformStop('expired', `Instagram asks for a sign-in (${res.status})`);
  if (res.status === 403)
    return new PlatformStop('expired', `Instagram refused the session (403${message ? `: ${message}` : ''})`);
  if (res.status >= 500) return undefined;
  if (res.status === 404) return new PlatformStop('not-found', 'Instagram has no such account or post');
  if (res.status === 400 && /not authorized to view user/i.test(message))
    return new PlatformStop(
      'not-found',
      'the account is private: Instagram shows its lists only to its followers',
    );
  if (res.status !== 200)
    return new PlatformStop('changed', `Instagram answered ${res.status}${message ? `: ${message}` : ''}`);
  // Signed out, Instagram serves its login page where the app expected JSON.
  if (res.json === undefined)
    return new PlatformStop('expired', 'Instagram answered a page where JSON was expected');
  if (body.status === 'fail')
    return new PlatformStop('changed', `Instagram answered fail${message ? `: ${message}` : ''}`);
  return undefined;
}

export class InstagramServerError extends Error {
  constructor(status: number) {
    super(`Instagram answered ${status}`);
    this.name = 'InstagramServerError';
  }
}

export type { Json } from '../driver-helpers';

/** One web API call; answers the parsed body or throws a PlatformStop (or InstagramServerError for 5xx). */
export async function igGet(page: PlatformPage, path: string, csrf: string): Promise<Json> {
  const res = await page.request(path, {
    headers: { ...INSTAGRAM_API.headers, [INSTAGRAM_API.csrfHeader]: csrf },
  });
  const stop = readFailure(res);
  if (stop) throw stop;
  if (res.status >= 500) throw new InstagramServerError(res.status);
  return res.json as Json;
}
