import {
  cookieHeader,
  cookieValue,
  failure,
  type PlatformSessionCheck,
  type PlatformSessionSpec,
  platformSessionFailureOf,
  whoAmIAnswer,
} from '../session-types';
import { classifyLinkedIn, csrfToken, LINKEDIN_API } from './endpoints';

/**
 * LinkedIn's session check: GET /voyager/api/me with the session's cookies and JSESSIONID (without
 * its quotes) as `csrf-token`. Paths, cookies and the reading of failures are endpoints.ts's.
 */
interface MeBody {
  data?: { '*miniProfile'?: string };
  included?: Array<{ entityUrn?: string; dashEntityUrn?: string; publicIdentifier?: string }>;
}

export const linkedinSession: PlatformSessionSpec = {
  platform: 'linkedin',
  sandboxUrlEnv: LINKEDIN_API.sandboxUrlEnv,
  realBaseUrl: LINKEDIN_API.realBaseUrl,
  sessionCookie: LINKEDIN_API.sessionCookie,
  csrfCookie: LINKEDIN_API.csrfCookie,
  whoAmIRequest(baseUrl, cookies, userAgent) {
    return {
      url: `${baseUrl}${LINKEDIN_API.whoAmIPath}`,
      headers: {
        cookie: cookieHeader(cookies),
        [LINKEDIN_API.csrfHeader]: csrfToken(cookieValue(cookies, LINKEDIN_API.csrfCookie) ?? ''),
        'user-agent': userAgent,
        ...LINKEDIN_API.headers,
      },
    };
  },
  readWhoAmI(response, baseUrl): PlatformSessionCheck {
    const failed = classifyLinkedIn(whoAmIAnswer(response, `${baseUrl}${LINKEDIN_API.whoAmIPath}`));
    if (failed) return platformSessionFailureOf(failed);
    const body = response.json as MeBody | undefined;
    const urn = body?.data?.['*miniProfile'];
    const mini = body?.included?.find((i) => i.entityUrn === urn);
    const accountId = mini?.dashEntityUrn?.split(':').pop();
    if (!accountId || !mini?.publicIdentifier)
      return failure('challenge', 'LinkedIn did not answer its who-am-I JSON');
    return {
      ok: true,
      accountId,
      accountUsername: mini.publicIdentifier,
      profileUrl: `${baseUrl}${LINKEDIN_API.profilePath(mini.publicIdentifier)}`,
    };
  },
};
