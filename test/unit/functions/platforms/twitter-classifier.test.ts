import { describe, expect, it } from 'vitest';
import { PlatformStop } from '../../../../functions/platforms/driver-types';
import { platformSessionSpecs } from '../../../../functions/platforms/session-check';
import { classifyTwitter, TWITTER_API } from '../../../../functions/platforms/twitter/endpoints';
import {
  readFailure,
  TwitterServerError,
  twitterGraphql,
  wallReason,
} from '../../../../functions/platforms/twitter/graphql';
import { twitterTrobs } from '../../../../functions/platforms/twitter/trobs';
import {
  type ClassifierCase,
  expectAllRead,
  type PlatformUnderTest,
  pageResponse,
  runnerReads,
} from './classifier-harness';

const COOKIES = [
  { name: 'auth_token', value: 'abc' },
  { name: 'ct0', value: 'csrf0' },
];

const twitter: PlatformUnderTest = {
  base: 'https://x.test',
  apiPath: `/i/api/graphql/${TWITTER_API.queryIds.Followers}/Followers`,
  classify: classifyTwitter,
  request: (page) => twitterGraphql(page, 'Followers', { userId: '1' }, 'csrf0'),
  walls: () => [wallReason, ...Object.values(twitterTrobs).map((driver) => driver(COOKIES).wallAt)],
  session: platformSessionSpecs.twitter,
};

const errors = (...codes: number[]) => ({ errors: codes.map((code) => ({ code, message: 'x' })) });
const ok = { data: { user: { result: {} } } };
const html = '<html><body>X</body></html>';

/** Every status, error code and path X's classifier knows, and the near misses it must not take for them. */
const CASES: ClassifierCase[] = [
  { name: 'a good answer', json: ok, reason: undefined },
  { name: '401 code 32', status: 401, json: errors(32), reason: 'expired' },
  { name: '401 without a body', status: 401, text: '', reason: 'expired' },
  { name: 'code 32 with 200', json: errors(32), reason: 'expired' },
  { name: '403 code 326 (locked)', status: 403, json: errors(326), reason: 'challenge' },
  { name: '403 without a body', status: 403, text: '', reason: 'expired' },
  { name: '403 code 353 (CSRF)', status: 403, json: errors(353), reason: 'expired' },
  { name: '429 code 88', status: 429, json: errors(88), reason: 'rate-limited' },
  { name: '429 without a body', status: 429, text: 'Rate limit exceeded', reason: 'rate-limited' },
  { name: 'code 88 with 200', json: errors(88), reason: 'rate-limited' },
  {
    name: '400 stale query id',
    status: 400,
    json: { errors: [{ message: 'Query not found' }] },
    reason: 'changed',
  },
  { name: '400 code 336 (features)', status: 400, json: errors(336), reason: 'changed' },
  { name: '404', status: 404, json: errors(34), reason: 'not-found' },
  { name: '500', status: 500, text: 'oops', reason: 'server-error' },
  { name: '503', status: 503, json: {}, reason: 'server-error' },
  { name: '599', status: 599, text: '', reason: 'server-error' },
  { name: '499 is no server error', status: 499, text: '', reason: 'changed' },
  { name: '999 is no server error', status: 999, text: '', reason: 'changed' },
  { name: 'HTML saying rate limit', text: 'Rate limit exceeded', reason: 'rate-limited' },
  { name: 'HTML where JSON was expected', text: html, reason: 'changed' },
  // Walls: a fetch follows the redirect and ends at the wall.
  { name: '/account/access', at: '/account/access', text: html, reason: 'challenge' },
  { name: 'under /account/access', at: '/account/access/verify?lang=en', text: html, reason: 'challenge' },
  { name: '/i/flow/login', at: '/i/flow/login?redirect_after_login=%2Fhome', text: html, reason: 'expired' },
  { name: '/login', at: '/login', text: html, reason: 'expired' },
  { name: 'under /login', at: '/login/error?username_or_email=x', text: html, reason: 'expired' },
  // Paths that merely start like a wall are none; X's profiles live at the root.
  { name: '/loginhelp_fan', at: '/loginhelp_fan', json: ok, reason: undefined },
  { name: '/login_challenge_fan', at: '/login_challenge_fan', json: ok, reason: undefined },
  { name: 'the profile @challenge', at: '/challenge', json: ok, reason: undefined },
  { name: '/account/accessibility', at: '/account/accessibility', json: ok, reason: undefined },
  { name: '/i/flow/loginx', at: '/i/flow/loginx', json: ok, reason: undefined },
  { name: 'home', at: '/home', json: ok, reason: undefined },
];

describe('X’s classifier: one reading for the runner and the session check', () => {
  for (const c of CASES) {
    it(`${c.name} → ${c.reason ?? 'no failure'}`, async () => {
      await expectAllRead(twitter, c);
    });
  }

  it('a rate limit carries x-rate-limit-reset to the engine', async () => {
    const reset = 1_900_000_000;
    const c = {
      name: '429',
      status: 429,
      json: errors(88),
      headers: { 'x-rate-limit-reset': String(reset) },
      reason: 'rate-limited',
    } as const;
    const { error } = await runnerReads(twitter, c);
    expect(error).toBeInstanceOf(PlatformStop);
    expect((error as PlatformStop).retryAt?.toISOString()).toBe(new Date(reset * 1000).toISOString());
  });

  it('a 5xx reaches the engine as a TwitterServerError, not a stop; readFailure sees none', async () => {
    const c = { name: '502', status: 502, text: 'bad gateway', reason: 'server-error' } as const;
    const { error } = await runnerReads(twitter, c);
    expect(error).toBeInstanceOf(TwitterServerError);
    expect(readFailure(pageResponse(twitter, c))).toBeUndefined();
  });

  it('the session check sends the cookie names and headers of the one module', () => {
    const req = platformSessionSpecs.twitter.whoAmIRequest('https://x.test', COOKIES, 'UA');
    expect(req.url).toBe(`https://x.test${TWITTER_API.whoAmIPath}`);
    expect(req.headers[TWITTER_API.csrfHeader]).toBe('csrf0');
    expect(req.headers.authorization).toBe(TWITTER_API.headers.authorization);
    expect(TWITTER_API.headers.authorization).toBe(`Bearer ${TWITTER_API.webAppBearer}`);
    expect(platformSessionSpecs.twitter).toMatchObject({
      sessionCookie: TWITTER_API.sessionCookie,
      csrfCookie: TWITTER_API.csrfCookie,
      realBaseUrl: TWITTER_API.realBaseUrl,
    });
  });
});
