import { PLATFORM_TABLE } from '../../../shared/platforms';
import {
  cookieHeader,
  cookieValue,
  failure,
  type PlatformSessionSpec,
  redirectReason,
  type SessionCheck,
} from '../session-types';

/**
 * X (platform-notes.md): `auth_token` is the login, `ct0` the CSRF cookie, echoed as `x-csrf-token`.
 * Who am I: GET /i/api/1.1/account/verify_credentials.json. The bearer token is the web app's public
 * one (shipped in x.com's own JavaScript, the same for every visitor); it identifies the web client,
 * not a user.
 */
export const X = {
  sessionCookie: PLATFORM_TABLE.twitter.cookies.session,
  csrfCookie: PLATFORM_TABLE.twitter.cookies.csrf,
  csrfHeader: 'x-csrf-token',
  whoAmIPath: '/i/api/1.1/account/verify_credentials.json',
  webAppBearer:
    'AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs%3D1Zv7ttfk8LF81IUq16cHjhLTvJu4FA33AGWWjCpTnA',
  profilePath: (screenName: string) => `/${encodeURIComponent(screenName)}`,
  challengeMarks: ['/account/access', '/challenge'],
  loginMarks: ['/login', '/i/flow/login'],
  /** Error codes: 32 not authenticated, 326 locked (challenge), 353 CSRF mismatch. */
  lockedCode: 326,
  notAuthenticatedCode: 32,
} as const;

interface XBody {
  id_str?: string;
  screen_name?: string;
  errors?: Array<{ code?: number }>;
}

export const xSession: PlatformSessionSpec = {
  platform: 'twitter',
  sandboxUrlEnv: PLATFORM_TABLE.twitter.sandboxUrlEnv,
  realBaseUrl: 'https://x.com',
  sessionCookie: X.sessionCookie,
  csrfCookie: X.csrfCookie,
  whoAmIRequest(baseUrl, cookies, userAgent) {
    return {
      url: `${baseUrl}${X.whoAmIPath}`,
      headers: {
        cookie: cookieHeader(cookies),
        [X.csrfHeader]: cookieValue(cookies, X.csrfCookie) ?? '',
        authorization: `Bearer ${X.webAppBearer}`,
        'x-twitter-auth-type': 'OAuth2Session',
        'x-twitter-active-user': 'yes',
        'user-agent': userAgent,
        accept: 'application/json',
      },
    };
  },
  readWhoAmI(response, baseUrl): SessionCheck {
    const walled = redirectReason(response.location, X.challengeMarks, X.loginMarks);
    if (walled) return walled;
    const body = response.json as XBody | undefined;
    const codes = body?.errors?.map((e) => e.code) ?? [];
    if (codes.includes(X.lockedCode)) return failure('challenge', 'X reports the account locked (326)');
    if (response.status === 401 || codes.includes(X.notAuthenticatedCode))
      return failure('expired', 'X could not authenticate the session');
    if (response.status === 403) return failure('refused', 'X answered 403');
    if (response.status === 429) return failure('refused', 'X answered 429 (rate limited)');
    if (response.status !== 200) return failure('unreachable', `X answered ${response.status}`);
    if (!body?.id_str || !body.screen_name) return failure('challenge', 'X did not answer its who-am-I JSON');
    return {
      ok: true,
      accountId: body.id_str,
      accountUsername: body.screen_name,
      profileUrl: `${baseUrl}${X.profilePath(body.screen_name)}`,
    };
  },
};
