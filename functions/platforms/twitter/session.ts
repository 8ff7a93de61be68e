import {
  cookieHeader,
  cookieValue,
  failure,
  type PlatformSessionCheck,
  type PlatformSessionSpec,
  platformSessionFailureOf,
  whoAmIAnswer,
} from '../session-types';
import { classifyTwitter, TWITTER_API } from './endpoints';

/**
 * X's session check: GET /i/api/1.1/account/verify_credentials.json with the session's cookies, `ct0`
 * echoed as `x-csrf-token` and the web app's public bearer token. Paths, cookies and the reading of
 * failures are endpoints.ts's.
 */
interface TwitterBody {
  id_str?: string;
  screen_name?: string;
}

export const twitterSession: PlatformSessionSpec = {
  platform: 'twitter',
  sandboxUrlEnv: TWITTER_API.sandboxUrlEnv,
  realBaseUrl: TWITTER_API.realBaseUrl,
  sessionCookie: TWITTER_API.sessionCookie,
  csrfCookie: TWITTER_API.csrfCookie,
  whoAmIRequest(baseUrl, cookies, userAgent) {
    return {
      url: `${baseUrl}${TWITTER_API.whoAmIPath}`,
      headers: {
        cookie: cookieHeader(cookies),
        [TWITTER_API.csrfHeader]: cookieValue(cookies, TWITTER_API.csrfCookie) ?? '',
        authorization: TWITTER_API.headers.authorization,
        'x-twitter-auth-type': TWITTER_API.headers['x-twitter-auth-type'],
        'x-twitter-active-user': TWITTER_API.headers['x-twitter-active-user'],
        'user-agent': userAgent,
        accept: 'application/json',
      },
    };
  },
  readWhoAmI(response, baseUrl): PlatformSessionCheck {
    const failed = classifyTwitter(whoAmIAnswer(response, `${baseUrl}${TWITTER_API.whoAmIPath}`));
    if (failed) return platformSessionFailureOf(failed);
    const body = response.json as TwitterBody | undefined;
    if (!body?.id_str || !body.screen_name) return failure('challenge', 'X did not answer its who-am-I JSON');
    return {
      ok: true,
      accountId: body.id_str,
      accountUsername: body.screen_name,
      profileUrl: `${baseUrl}${TWITTER_API.profilePath(body.screen_name)}`,
    };
  },
};
