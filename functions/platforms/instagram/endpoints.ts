import { PLATFORM_TABLE } from '../../../shared/platforms';
import {
  failed,
  isServerError,
  type PlatformAnswer,
  type PlatformFailure,
  type WallReason,
  wallAt,
  wallFailure,
} from '../platform-failure';

/** The web app id every JSON call carries (X-IG-App-ID). */
const WEB_APP_ID = '936619743392459';

/**
 * THE Instagram module: every endpoint, header, app id, cookie name and wall path the drivers and the
 * session check use, and the one classifier of Instagram's answers (platform-notes.md). The web API
 * has no query ids: a call is its path and the web app id header. The sandbox Instagram serves the
 * same values (scripts/sandbox-platforms/instagram-config.ts).
 */
export const INSTAGRAM_API = {
  realBaseUrl: 'https://www.instagram.com',
  /** The env var that points Instagram at its local sandbox site. */
  sandboxUrlEnv: PLATFORM_TABLE.instagram.sandboxUrlEnv,
  /** `sessionid` is the login. */
  sessionCookie: PLATFORM_TABLE.instagram.cookies.session,
  /** `csrftoken` is the CSRF cookie, echoed as `X-CSRFToken`. */
  csrfCookie: PLATFORM_TABLE.instagram.cookies.csrf,
  webAppId: WEB_APP_ID,
  /** Who am I: the session check's call. */
  whoAmIPath: '/api/v1/accounts/current_user/',
  profilePath: (username: string) => `/${encodeURIComponent(username)}/`,
  webProfileInfo: (username: string) =>
    `/api/v1/users/web_profile_info/?username=${encodeURIComponent(username)}`,
  friendships: (pk: string, kind: 'followers' | 'following', count: number, maxId?: string) =>
    `/api/v1/friendships/${encodeURIComponent(pk)}/${kind}/?count=${count}${
      maxId ? `&max_id=${encodeURIComponent(maxId)}` : ''
    }&search_surface=follow_list_page`,
  likers: (mediaId: string) => `/api/v1/media/${encodeURIComponent(mediaId)}/likers/`,
  comments: (mediaId: string, maxId?: string) =>
    `/api/v1/media/${encodeURIComponent(mediaId)}/comments/?can_support_threading=true&permalink_enabled=false${
      maxId ? `&max_id=${encodeURIComponent(maxId)}` : ''
    }`,
  /** The web app asks 12 a page (the API takes up to 50): the slow, human pace Instagram needs. */
  friendshipsCount: 12,
  headers: {
    'X-IG-App-ID': WEB_APP_ID,
    'X-Requested-With': 'XMLHttpRequest',
    Accept: '*/*',
  },
  csrfHeader: 'X-CSRFToken',
  /** A light signed-in page to open the session on (the feed). */
  landingPath: '/',
  /**
   * A URL at or under one of these is a security check (/challenge/<id>/..., a suspended account's
   * /accounts/suspended/). Matched as whole path segments: profiles live at the root, and
   * instagram.com/challengeaccepted/ is someone's.
   */
  challengeMarks: ['/challenge', '/checkpoint', '/suspended', '/accounts/suspended'],
  /** ... and at or under one of these the sign-in page: the session is gone. */
  loginMarks: ['/accounts/login'],
  /** A post or reel link: instagram.com/p/<shortcode>/, /reel/, /reels/. */
  shortcodePattern: /\/(?:p|reel|reels|tv)\/([A-Za-z0-9_-]+)/,
  /** Instagram's base-64 alphabet of shortcodes (a shortcode is the media id in it). */
  shortcodeAlphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
  /** Longer shortcodes (private posts) carry the media id in their first 11 characters. */
  shortcodeIdLength: 11,
} as const;

export function profilePath(username: string): string {
  return INSTAGRAM_API.profilePath(username);
}

/** The wall a URL (a landing page, a call's final URL, a redirect's Location) ends at. */
export function instagramWall(url: string): WallReason | undefined {
  return wallAt(url, INSTAGRAM_API);
}

interface FailBody {
  message?: unknown;
  status?: unknown;
  spam?: unknown;
  challenge?: { url?: unknown };
  checkpoint_url?: unknown;
}

const WAIT = /please wait a few minutes/i;

/**
 * The one reading of an Instagram answer (platform-notes.md), for the drivers and the session check
 * alike; undefined when the answer is a good one. The URL first (a fetch follows a redirect to
 * /accounts/login/ or /challenge/), then: challenge_required / checkpoint_required a challenge (a
 * /suspended/ URL says the account is suspended); feedback_required ("Action Blocked", even with 200),
 * 429 and "Please wait a few minutes" rate-limited; 401 or login_required expired, and any other 403
 * too (login_required, a CSRF refusal: both are fixed by a new session); 5xx a server error; 404 and
 * a private account's lists not-found; HTML where JSON was expected expired (signed out, Instagram
 * serves its login page).
 */
export function classifyInstagram(answer: PlatformAnswer): PlatformFailure | undefined {
  const wall = instagramWall(answer.url);
  if (wall)
    return wallFailure(wall, {
      challenge: 'Instagram asked for a security check',
      signedOut: 'Instagram signed the session out',
    });
  const { status } = answer;
  const body = (answer.json && typeof answer.json === 'object' ? answer.json : {}) as FailBody;
  const message = typeof body.message === 'string' ? body.message : '';
  if (/challenge_required|checkpoint_required/.test(message)) {
    const url = String(body.challenge?.url ?? body.checkpoint_url ?? '');
    return failed(
      'challenge',
      url.includes('/suspended/') ? 'Instagram suspended the account' : `Instagram answered ${message}`,
    );
  }
  if (/feedback_required/.test(message) || body.spam === true)
    return failed('rate-limited', 'Instagram blocked the action (feedback_required)');
  if (status === 429 || WAIT.test(message) || (answer.json === undefined && WAIT.test(answer.text ?? '')))
    return failed('rate-limited', 'Instagram asked to wait a few minutes');
  if (status === 401 || message === 'login_required')
    return failed('expired', `Instagram asks for a sign-in (${status})`);
  if (status === 403)
    return failed('expired', `Instagram refused the session (403${message ? `: ${message}` : ''})`);
  if (isServerError(status)) return failed('server-error', `Instagram answered ${status}`);
  if (status === 404) return failed('not-found', 'Instagram has no such account or post');
  if (status === 400 && /not authorized to view user/i.test(message))
    return failed('not-found', 'the account is private: Instagram shows its lists only to its followers');
  if (status !== 200)
    return failed('changed', `Instagram answered ${status}${message ? `: ${message}` : ''}`);
  if (answer.json === undefined)
    return failed('expired', 'Instagram answered a page where JSON was expected');
  if (body.status === 'fail')
    return failed('changed', `Instagram answered fail${message ? `: ${message}` : ''}`);
  return undefined;
}

/** The media id of a post link's shortcode, as open-source clients compute it; undefined if none. */
export function mediaIdOf(postUrl: string | undefined): string | undefined {
  const code = INSTAGRAM_API.shortcodePattern
    .exec(postUrl ?? '')?.[1]
    ?.slice(0, INSTAGRAM_API.shortcodeIdLength);
  if (!code) return undefined;
  let id = 0n;
  for (const ch of code) id = id * 64n + BigInt(INSTAGRAM_API.shortcodeAlphabet.indexOf(ch));
  return id.toString();
}
