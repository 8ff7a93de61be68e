import { describe, expect, it } from 'vitest';
import { classifyLinkedIn, LINKEDIN_API } from '../../../../functions/platforms/linkedin/endpoints';
import { linkedinTrobs } from '../../../../functions/platforms/linkedin/trobs';
import {
  LinkedInServerError,
  readFailure,
  voyagerGet,
  wallReason,
} from '../../../../functions/platforms/linkedin/voyager';
import { platformSessionSpecs } from '../../../../functions/platforms/session-check';
import {
  type ClassifierCase,
  expectAllRead,
  type PlatformUnderTest,
  pageResponse,
  runnerReads,
  sessionReads,
} from './classifier-harness';

const COOKIES = [
  { name: 'li_at', value: 'AQEDtoken' },
  { name: 'JSESSIONID', value: '"ajax:1"' },
];

const linkedin: PlatformUnderTest = {
  base: 'https://li.test',
  apiPath: '/voyager/api/relationships/dash/connections?start=0',
  classify: classifyLinkedIn,
  request: (page) => voyagerGet(page, '/voyager/api/relationships/dash/connections?start=0', 'ajax:1'),
  walls: () => [wallReason, ...Object.values(linkedinTrobs).map((driver) => driver(COOKIES).wallAt)],
  session: platformSessionSpecs.linkedin,
};

const ok = { data: { paging: { start: 0, count: 40 }, '*elements': [] }, included: [] };
const html = '<html><body>LinkedIn</body></html>';

/** Every status and path LinkedIn's classifier knows, and the near misses it must not take for them. */
const CASES: ClassifierCase[] = [
  { name: 'a good answer', json: ok, reason: undefined },
  { name: '401', status: 401, json: { status: 401, message: 'Unauthorized' }, reason: 'expired' },
  // The decision of linkedin/endpoints.ts: a 403 is the session's (CSRF or a flagged session).
  { name: '403 CSRF', status: 403, json: { status: 403, message: 'CSRF check failed.' }, reason: 'expired' },
  { name: '403 without a body', status: 403, text: '', reason: 'expired' },
  { name: '429', status: 429, json: { status: 429, message: 'Too Many Requests' }, reason: 'rate-limited' },
  { name: '999 bot defence', status: 999, text: '', reason: 'challenge' },
  { name: '404', status: 404, json: { status: 404, message: 'Not Found' }, reason: 'not-found' },
  { name: '400 stale query id', status: 400, json: { status: 400 }, reason: 'changed' },
  { name: '500', status: 500, text: 'oops', reason: 'server-error' },
  { name: '503', status: 503, json: { status: 503 }, reason: 'server-error' },
  { name: '599', status: 599, text: '', reason: 'server-error' },
  { name: '499 is no server error', status: 499, text: '', reason: 'changed' },
  { name: '600 is no server error', status: 600, text: '', reason: 'changed' },
  { name: '418', status: 418, json: {}, reason: 'changed' },
  { name: 'HTML saying too many requests', text: '<p>Too many requests</p>', reason: 'rate-limited' },
  { name: 'HTML where JSON was expected', text: html, reason: 'changed' },
  // Walls: a fetch follows the redirect and ends as 200 HTML at the wall.
  { name: 'checkpoint challenge', at: '/checkpoint/challenge/AgH1?x=1', text: html, reason: 'challenge' },
  { name: 'checkpoint sign-in', at: '/checkpoint/lg/login-submit', text: html, reason: 'challenge' },
  { name: 'bare /checkpoint', at: '/checkpoint', text: html, reason: 'challenge' },
  { name: '/challenge/', at: '/challenge/', text: html, reason: 'challenge' },
  { name: '/login', at: '/login?session_redirect=%2Ffeed%2F', text: html, reason: 'expired' },
  { name: '/authwall', at: '/authwall?trk=gf', text: html, reason: 'expired' },
  { name: '/uas/login', at: '/uas/login?session_redirect=x', text: html, reason: 'expired' },
  // Paths that merely start like a wall are none.
  { name: '/checkpointed', at: '/checkpointed/', json: ok, reason: undefined },
  { name: '/challenges', at: '/challenges/2026', json: ok, reason: undefined },
  { name: '/login-help', at: '/login-help/', json: ok, reason: undefined },
  { name: '/authwalls', at: '/authwalls', json: ok, reason: undefined },
  { name: '/uas/loginx', at: '/uas/loginx', json: ok, reason: undefined },
  { name: 'a profile named login', at: '/in/login/', json: ok, reason: undefined },
  { name: 'the feed', at: '/feed/', json: ok, reason: undefined },
];

describe('LinkedIn’s classifier: one reading for the runner and the session check', () => {
  for (const c of CASES) {
    it(`${c.name} → ${c.reason ?? 'no failure'}`, async () => {
      await expectAllRead(linkedin, c);
    });
  }

  it('a 5xx reaches the engine as a LinkedInServerError, not a stop; readFailure sees none', async () => {
    const c = { name: '502', status: 502, text: 'bad gateway', reason: 'server-error' } as const;
    const { error } = await runnerReads(linkedin, c);
    expect(error).toBeInstanceOf(LinkedInServerError);
    expect((error as LinkedInServerError).status).toBe(502);
    expect(readFailure(pageResponse(linkedin, c))).toBeUndefined();
  });

  it('a 403 stops a run as expired and fails a sync as expired', async () => {
    const c = { name: '403', status: 403, json: { status: 403 }, reason: 'expired' } as const;
    expect((await runnerReads(linkedin, c)).reason).toBe('expired');
    expect(sessionReads(linkedin, c)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('the session check sends the cookie names and headers of the one module', () => {
    const req = platformSessionSpecs.linkedin.whoAmIRequest('https://li.test', COOKIES, 'UA');
    expect(req.url).toBe(`https://li.test${LINKEDIN_API.whoAmIPath}`);
    expect(req.headers[LINKEDIN_API.csrfHeader]).toBe('ajax:1');
    expect(req.headers).toMatchObject(LINKEDIN_API.headers);
    expect(platformSessionSpecs.linkedin).toMatchObject({
      sessionCookie: LINKEDIN_API.sessionCookie,
      csrfCookie: LINKEDIN_API.csrfCookie,
      realBaseUrl: LINKEDIN_API.realBaseUrl,
    });
  });
});
