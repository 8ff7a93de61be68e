import { describe, expect, it } from 'vitest';
import {
  InstagramServerError,
  igGet,
  readFailure,
  wallReason,
} from '../../../../functions/platforms/instagram/api';
import { classifyInstagram, INSTAGRAM_API } from '../../../../functions/platforms/instagram/endpoints';
import { instagramTrobs } from '../../../../functions/platforms/instagram/trobs';
import { platformSessionSpecs } from '../../../../functions/platforms/session-check';
import {
  type ClassifierCase,
  expectAllRead,
  type PlatformUnderTest,
  pageResponse,
  runnerReads,
} from './classifier-harness';

const COOKIES = [
  { name: 'sessionid', value: '1%3Aabc' },
  { name: 'csrftoken', value: 'tok' },
];

const instagram: PlatformUnderTest = {
  base: 'https://ig.test',
  apiPath: '/api/v1/friendships/1/followers/?count=12',
  classify: classifyInstagram,
  request: (page) => igGet(page, '/api/v1/friendships/1/followers/?count=12', 'tok'),
  walls: () => [wallReason, ...Object.values(instagramTrobs).map((driver) => driver(COOKIES).wallAt)],
  session: platformSessionSpecs.instagram,
};

const fail = (message: string, extra: Record<string, unknown> = {}) => ({
  message,
  status: 'fail',
  ...extra,
});
const ok = { users: [], status: 'ok' };
const html = '<html><body>Instagram</body></html>';
const WAIT = 'Please wait a few minutes before you try again.';

/** Every status, message and path Instagram's classifier knows, and the near misses it must not take for them. */
const CASES: ClassifierCase[] = [
  { name: 'a good answer', json: ok, reason: undefined },
  {
    name: '400 challenge_required',
    status: 400,
    json: fail('challenge_required', { challenge: { url: '/challenge/1/' } }),
    reason: 'challenge',
  },
  { name: '400 checkpoint_required', status: 400, json: fail('checkpoint_required'), reason: 'challenge' },
  { name: '400 feedback_required', status: 400, json: fail('feedback_required'), reason: 'rate-limited' },
  { name: 'spam with 200', json: fail('feedback_required', { spam: true }), reason: 'rate-limited' },
  { name: '429', status: 429, text: '', reason: 'rate-limited' },
  { name: '400 please wait', status: 400, json: fail(WAIT), reason: 'rate-limited' },
  { name: 'HTML saying please wait', text: WAIT, reason: 'rate-limited' },
  { name: '401 login_required', status: 401, json: fail('login_required'), reason: 'expired' },
  { name: '403 login_required', status: 403, json: fail('login_required'), reason: 'expired' },
  { name: '403 CSRF', status: 403, json: fail('CSRF token missing or incorrect'), reason: 'expired' },
  { name: '404', status: 404, json: fail('Page not found'), reason: 'not-found' },
  {
    name: '400 private account',
    status: 400,
    json: fail('Not authorized to view user'),
    reason: 'not-found',
  },
  { name: '400 other', status: 400, json: fail('useragent mismatch'), reason: 'changed' },
  { name: '500', status: 500, text: 'oops', reason: 'server-error' },
  { name: '503', status: 503, json: {}, reason: 'server-error' },
  { name: '599', status: 599, text: '', reason: 'server-error' },
  { name: '499 is no server error', status: 499, text: '', reason: 'changed' },
  { name: 'fail with 200', json: fail('something'), reason: 'changed' },
  { name: 'HTML where JSON was expected (the login page)', text: html, reason: 'expired' },
  // Walls: a fetch follows the redirect and ends at the wall.
  { name: '/challenge/', at: '/challenge/', text: html, reason: 'challenge' },
  { name: 'under /challenge/', at: '/challenge/action/AXH1/?next=%2F', text: html, reason: 'challenge' },
  { name: '/checkpoint/', at: '/checkpoint/', text: html, reason: 'challenge' },
  { name: '/suspended/', at: '/suspended/', text: html, reason: 'challenge' },
  { name: '/accounts/suspended/', at: '/accounts/suspended/?next=%2F', text: html, reason: 'challenge' },
  { name: '/accounts/login/', at: '/accounts/login/?next=%2Fapi%2Fv1%2Fx', text: html, reason: 'expired' },
  // Paths that merely start like a wall are none; Instagram's profiles live at the root.
  { name: 'the profile challengeaccepted', at: '/challengeaccepted/', json: ok, reason: undefined },
  { name: 'the profile checkpointcharlie', at: '/checkpointcharlie/', json: ok, reason: undefined },
  { name: 'the profile suspendedanimation', at: '/suspendedanimation/', json: ok, reason: undefined },
  { name: '/accounts/login_activity/', at: '/accounts/login_activity/', json: ok, reason: undefined },
  { name: 'the feed', at: '/', json: ok, reason: undefined },
];

describe('Instagram’s classifier: one reading for the runner and the session check', () => {
  for (const c of CASES) {
    it(`${c.name} → ${c.reason ?? 'no failure'}`, async () => {
      await expectAllRead(instagram, c);
    });
  }

  it('a 5xx reaches the engine as an InstagramServerError, not a stop; readFailure sees none', async () => {
    const c = { name: '502', status: 502, text: 'bad gateway', reason: 'server-error' } as const;
    const { error } = await runnerReads(instagram, c);
    expect(error).toBeInstanceOf(InstagramServerError);
    expect(readFailure(pageResponse(instagram, c))).toBeUndefined();
  });

  it('the session check sends the cookie names and headers of the one module', () => {
    const req = platformSessionSpecs.instagram.whoAmIRequest('https://ig.test', COOKIES, 'UA');
    expect(req.url).toBe(`https://ig.test${INSTAGRAM_API.whoAmIPath}`);
    expect(req.headers[INSTAGRAM_API.csrfHeader.toLowerCase()]).toBe('tok');
    expect(req.headers['x-ig-app-id']).toBe(INSTAGRAM_API.headers['X-IG-App-ID']);
    expect(platformSessionSpecs.instagram).toMatchObject({
      sessionCookie: INSTAGRAM_API.sessionCookie,
      csrfCookie: INSTAGRAM_API.csrfCookie,
      realBaseUrl: INSTAGRAM_API.realBaseUrl,
    });
  });
});
