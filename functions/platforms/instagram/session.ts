import {
  cookieHeader,
  cookieValue,
  failure,
  type PlatformSessionCheck,
  type PlatformSessionSpec,
  platformSessionFailureOf,
  whoAmIAnswer,
} from '../session-types';
import { classifyInstagram, INSTAGRAM_API } from './endpoints';

/**
 * Instagram's session check: GET /api/v1/accounts/current_user/ with the session's cookies,
 * `csrftoken` echoed as `X-CSRFToken` and the web app id. Paths, cookies and the reading of failures
 * are endpoints.ts's.
 */
interface InstagramBody {
  user?: { pk?: number | string; pk_id?: string; username?: string };
}

export const instagramSession: PlatformSessionSpec = {
  platform: 'instagram',
  sandboxUrlEnv: INSTAGRAM_API.sandboxUrlEnv,
  realBaseUrl: INSTAGRAM_API.realBaseUrl,
  sessionCookie: INSTAGRAM_API.sessionCookie,
  csrfCookie: INSTAGRAM_API.csrfCookie,
  whoAmIRequest(baseUrl, cookies, userAgent) {
    return {
      url: `${baseUrl}${INSTAGRAM_API.whoAmIPath}`,
      headers: {
        cookie: cookieHeader(cookies),
        [INSTAGRAM_API.csrfHeader.toLowerCase()]: cookieValue(cookies, INSTAGRAM_API.csrfCookie) ?? '',
        'x-ig-app-id': INSTAGRAM_API.webAppId,
        'x-requested-with': INSTAGRAM_API.headers['X-Requested-With'],
        'user-agent': userAgent,
        accept: 'application/json',
      },
    };
  },
  readWhoAmI(response, baseUrl): PlatformSessionCheck {
    const failed = classifyInstagram(whoAmIAnswer(response, `${baseUrl}${INSTAGRAM_API.whoAmIPath}`));
    if (failed) return platformSessionFailureOf(failed);
    const user = (response.json as InstagramBody | undefined)?.user;
    const accountId = user?.pk_id ?? (user?.pk === undefined ? undefined : String(user.pk));
    if (!accountId || !user?.username)
      return failure('challenge', 'Instagram did not answer its who-am-I JSON');
    return {
      ok: true,
      accountId,
      accountUsername: user.username,
      profileUrl: `${baseUrl}${INSTAGRAM_API.profilePath(user.username)}`,
    };
  },
};
