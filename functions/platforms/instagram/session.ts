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
 * Instagram (platform-notes.md): `sessionid` is the login, `csrftoken` the CSRF cookie, echoed as
 * `X-CSRFToken`; JSON calls also carry the web app id. Who am I: GET /api/v1/accounts/current_user/.
 */
export const INSTAGRAM = {
  sessionCookie: PLATFORM_TABLE.instagram.cookies.session,
  csrfCookie: PLATFORM_TABLE.instagram.cookies.csrf,
  csrfHeader: 'x-csrftoken',
  webAppId: '936619743392459',
  whoAmIPath: '/api/v1/accounts/current_user/',
  profilePath: (username: string) => `/${encodeURIComponent(username)}/`,
  challengeMarks: ['/challenge', '/checkpoint', '/suspended'],
  loginMarks: ['/accounts/login'],
} as const;

interface InstagramBody {
  user?: { pk?: number | string; pk_id?: string; username?: string };
  message?: string;
}

export const instagramSession: PlatformSessionSpec = {
  platform: 'instagram',
  sandboxUrlEnv: PLATFORM_TABLE.instagram.sandboxUrlEnv,
  realBaseUrl: 'https://www.instagram.com',
  sessionCookie: INSTAGRAM.sessionCookie,
  csrfCookie: INSTAGRAM.csrfCookie,
  whoAmIRequest(baseUrl, cookies, userAgent) {
    return {
      url: `${baseUrl}${INSTAGRAM.whoAmIPath}`,
      headers: {
        cookie: cookieHeader(cookies),
        [INSTAGRAM.csrfHeader]: cookieValue(cookies, INSTAGRAM.csrfCookie) ?? '',
        'x-ig-app-id': INSTAGRAM.webAppId,
        'x-requested-with': 'XMLHttpRequest',
        'user-agent': userAgent,
        accept: 'application/json',
      },
    };
  },
  readWhoAmI(response, baseUrl): SessionCheck {
    const walled = redirectReason(response.location, INSTAGRAM.challengeMarks, INSTAGRAM.loginMarks);
    if (walled) return walled;
    const body = response.json as InstagramBody | undefined;
    const message = body?.message ?? '';
    if (/challenge_required|checkpoint_required|feedback_required/.test(message))
      return failure('challenge', `Instagram answered ${message}`);
    if (response.status === 401 || message === 'login_required')
      return failure('expired', 'Instagram asks for a sign-in');
    if (response.status === 403) return failure('refused', 'Instagram answered 403');
    if (response.status === 429) return failure('refused', 'Instagram answered 429 (rate limited)');
    if (response.status !== 200) return failure('unreachable', `Instagram answered ${response.status}`);
    const user = body?.user;
    const accountId = user?.pk_id ?? (user?.pk === undefined ? undefined : String(user.pk));
    if (!accountId || !user?.username)
      return failure('challenge', 'Instagram did not answer its who-am-I JSON');
    return {
      ok: true,
      accountId,
      accountUsername: user.username,
      profileUrl: `${baseUrl}${INSTAGRAM.profilePath(user.username)}`,
    };
  },
};
