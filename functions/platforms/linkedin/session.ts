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
 * LinkedIn (platform-notes.md): `li_at` is the login, `JSESSIONID` ("ajax:..." in quotes) doubles as the
 * CSRF token, sent without its quotes as `csrf-token`. Who am I: GET /voyager/api/me.
 */
export const LINKEDIN = {
  sessionCookie: PLATFORM_TABLE.linkedin.cookies.session,
  csrfCookie: PLATFORM_TABLE.linkedin.cookies.csrf,
  csrfHeader: 'csrf-token',
  whoAmIPath: '/voyager/api/me',
  profilePath: (publicIdentifier: string) => `/in/${encodeURIComponent(publicIdentifier)}/`,
  challengeMarks: ['/checkpoint', '/challenge'],
  loginMarks: ['/login', '/authwall', '/uas/login'],
} as const;

interface MeBody {
  data?: { '*miniProfile'?: string };
  included?: Array<{ entityUrn?: string; dashEntityUrn?: string; publicIdentifier?: string }>;
}

export const linkedinSession: PlatformSessionSpec = {
  platform: 'linkedin',
  sandboxUrlEnv: PLATFORM_TABLE.linkedin.sandboxUrlEnv,
  realBaseUrl: 'https://www.linkedin.com',
  sessionCookie: LINKEDIN.sessionCookie,
  csrfCookie: LINKEDIN.csrfCookie,
  whoAmIRequest(baseUrl, cookies, userAgent) {
    const csrf = (cookieValue(cookies, LINKEDIN.csrfCookie) ?? '').replace(/^"|"$/g, '');
    return {
      url: `${baseUrl}${LINKEDIN.whoAmIPath}`,
      headers: {
        cookie: cookieHeader(cookies),
        [LINKEDIN.csrfHeader]: csrf,
        'user-agent': userAgent,
        accept: 'application/vnd.linkedin.normalized+json+2.1',
        'x-restli-protocol-version': '2.0.0',
        'x-li-lang': 'en_US',
      },
    };
  },
  readWhoAmI(response, baseUrl): SessionCheck {
    const walled = redirectReason(response.location, LINKEDIN.challengeMarks, LINKEDIN.loginMarks);
    if (walled) return walled;
    if (response.status === 401) return failure('expired', 'LinkedIn answered 401');
    if (response.status === 999) return failure('challenge', 'LinkedIn answered 999 (bot defence)');
    if (response.status === 403) return failure('refused', 'LinkedIn answered 403');
    if (response.status === 429) return failure('refused', 'LinkedIn answered 429 (rate limited)');
    if (response.status !== 200) return failure('unreachable', `LinkedIn answered ${response.status}`);
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
      profileUrl: `${baseUrl}${LINKEDIN.profilePath(mini.publicIdentifier)}`,
    };
  },
};
