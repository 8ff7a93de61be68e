import {
  cookieHeader,
  cookieValue,
  failure,
  type PlatformSessionCheck,
  type PlatformSessionSpec,
  platformSessionFailureOf,
  whoAmIAnswer,
} from '../session-types';
import { classifyX, X_API } from './endpoints';

/**
 * X's session check: GET /i/api/1.1/account/verify_credentials.json with the session's cookies, `ct0`
 * echoed as `x-csrf-token` and the web app's public bearer token. Paths, cookies and the reading of
 * failures are endpoints.ts's.
 */
interface XBody {
  id_str?: string;
  screen_name?: string;
}

export const xSession: PlatformSessionSpec = {
  platform: 'twitter',
  sandboxUrlEnv: X_API.sandboxUrlEnv,
  realBaseUrl: X_API.realBaseUrl,
  sessionCookie: X_API.sessionCookie,
  csrfCookie: X_API.csrfCookie,
  whoAmIRequest(baseUrl, cookies, userAgent) {
    return {
      url: `${baseUrl}${X_API.whoAmIPath}`,
      headers: {
        cookie: cookieHeader(cookies),
        [X_API.csrfHeader]: cookieValue(cookies, X_API.csrfCookie) ?? '',
        authorization: X_API.headers.authorization,
        'x-twitter-auth-type': X_API.headers['x-twitter-auth-type'],
        'x-twitter-active-user': X_API.headers['x-twitter-active-user'],
        'user-agent': userAgent,
        accept: 'application/json',
      },
    };
  },
  readWhoAmI(response, baseUrl): PlatformSessionCheck {
    const failed = classifyX(whoAmIAnswer(response, `${baseUrl}${X_API.whoAmIPath}`));
    if (failed) return platformSessionFailureOf(failed);
    const body = response.json as XBody | undefined;
    if (!body?.id_str || !body.screen_name) return failure('challenge', 'X did not answer its who-am-I JSON');
    return {
      ok: true,
      accountId: body.id_str,
      accountUsername: body.screen_name,
      profileUrl: `${baseUrl}${X_API.profilePath(body.screen_name)}`,
    };
  },
};
