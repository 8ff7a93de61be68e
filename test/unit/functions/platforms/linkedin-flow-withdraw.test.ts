import { describe, expect, it } from 'vitest';
import type { PageResponse, PlatformPage } from '../../../../functions/platforms/browser';
import { LINKEDIN_API } from '../../../../functions/platforms/linkedin/endpoints';
import { linkedinFlowDriver } from '../../../../functions/platforms/linkedin/flow-driver';
import { LINKEDIN } from '../../../../scripts/sandbox-platforms/linkedin-config';

/**
 * The LinkedIn flow driver's withdrawal and its Sent list with sent times (issue 23 point 2), on a
 * page that answers what the test says: the invitation's URN read from the profile, the call made
 * with it, which answers are refusals and which stop the run.
 */

interface Asked {
  path: string;
  method: string;
  body?: unknown;
  headers: Record<string, string>;
}

type Answer = Partial<PageResponse> & { json?: unknown };

function fakePage(answer: (asked: Asked) => Answer) {
  const asked: Asked[] = [];
  const page: PlatformPage = {
    baseUrl: 'https://li.test',
    landedAt: 'https://li.test/feed/',
    landingStatus: 200,
    async request(path, init = {}) {
      const a: Asked = {
        path,
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        ...(init.body ? { body: JSON.parse(init.body) } : {}),
      };
      asked.push(a);
      const res = answer(a);
      return {
        status: 200,
        url: `https://li.test${path}`,
        contentType: res.json === undefined ? 'text/html' : 'application/json',
        headers: {},
        ...res,
      };
    },
    async close() {},
  };
  return { page, asked };
}

const COOKIES = [
  { name: 'li_at', value: 'AQEDtoken' },
  { name: 'JSESSIONID', value: '"ajax:123"' },
];
const person = { id: 'ACoAAbob', name: 'Bob', profileUrl: 'https://li.test/in/bob/' };
const URN = 'urn:li:fsd_invitation:7300000000000000001';

/** Bob's profile with the account's relationship to him. */
const profile = (union: Record<string, unknown>): Answer => ({
  json: {
    data: {},
    included: [
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
        entityUrn: `urn:li:fsd_profile:${person.id}`,
        memberRelationship: { memberRelationshipUnion: union },
      },
    ],
  },
});
const pending = (invitation: Record<string, unknown>) =>
  profile({ noConnection: { memberDistance: 'DISTANCE_2', invitationUnion: { invitation } } });
const PENDING = pending({ invitationUrn: URN, invitationState: 'PENDING', sentTime: 1 });

/** The profile read answered by `shown`, the withdrawal by `written`. */
const site = (shown: Answer, written: Answer = { json: { value: {} } }) =>
  fakePage((a) => (a.method === 'GET' ? shown : written));

describe('the LinkedIn flow driver’s withdrawal', () => {
  const driver = linkedinFlowDriver(COOKIES);

  it('calls the sandbox LinkedIn’s endpoint, under the withdrawals budget', () => {
    expect(LINKEDIN_API.flow.invitations).toBe(LINKEDIN.paths.invitationsApi);
    expect(LINKEDIN_API.flow.withdrawAction).toBe(LINKEDIN.actions.withdraw);
    expect(driver.actions.withdraw).toBe('withdrawals');
  });

  it('names the pending invitation by the URN its profile shows, percent-encoded', async () => {
    const { page, asked } = site(PENDING);
    expect(await driver.withdraw(page, person)).toEqual({ ok: true });
    expect(asked).toHaveLength(2);
    expect(asked[0]!.path).toContain(`memberIdentity=${person.id}`);
    expect(asked[1]).toMatchObject({
      method: 'POST',
      path: '/voyager/api/voyagerRelationshipsDashInvitations/urn%3Ali%3Afsd_invitation%3A7300000000000000001?action=withdraw',
      body: { invitationType: 'CONNECTION' },
      headers: { 'csrf-token': 'ajax:123', 'content-type': 'application/json; charset=UTF-8' },
    });
  });

  it('answers not-pending without a call when the profile shows nothing pending', async () => {
    const cases = [
      profile({ noConnection: { memberDistance: 'DISTANCE_2' } }),
      profile({ connection: { '*connection': 'urn:li:fsd_connection:x' } }),
      pending({ invitationUrn: URN, invitationState: 'WITHDRAWN' }),
      { json: { data: {}, included: [] } },
    ];
    for (const shown of cases) {
      const { page, asked } = site(shown);
      expect(await driver.withdraw(page, person)).toEqual({ ok: false, refusal: 'not-pending' });
      expect(asked.map((a) => a.method)).toEqual(['GET']);
    }
  });

  it('reads LinkedIn’s not-pending code as the same refusal, and stops on anything else', async () => {
    const answered = site(PENDING, { status: 400, json: { status: 400, code: 'INVITATION_NOT_PENDING' } });
    expect(await driver.withdraw(answered.page, person)).toEqual({ ok: false, refusal: 'not-pending' });
    const nested = site(PENDING, {
      status: 400,
      json: { data: { status: 400, code: 'INVITATION_NOT_PENDING' } },
    });
    expect(await driver.withdraw(nested.page, person)).toEqual({ ok: false, refusal: 'not-pending' });

    const stops: Array<[Answer, Answer, string]> = [
      [PENDING, { status: 400, json: { status: 400, code: 'SOMETHING_ELSE' } }, 'changed'],
      [PENDING, { status: 429, json: { status: 429, message: 'Too Many Requests' } }, 'rate-limited'],
      [PENDING, { status: 404, json: { status: 404 } }, 'not-found'],
      [PENDING, { url: 'https://li.test/checkpoint/challenge/', text: '<html>' }, 'challenge'],
      [pending({ invitationState: 'PENDING' }), {}, 'changed'],
      [{ status: 401, json: { status: 401 } }, {}, 'expired'],
    ];
    for (const [shown, written, reason] of stops) {
      const { page } = site(shown, written);
      await expect(driver.withdraw(page, person)).rejects.toMatchObject({ name: 'PlatformStop', reason });
    }
  });
});

describe('the LinkedIn flow driver’s Sent list with sent times', () => {
  const driver = linkedinFlowDriver(COOKIES);
  const row = (n: number, sentTime?: unknown) => ({
    $type: 'com.linkedin.voyager.dash.relationships.invitation.Invitation',
    entityUrn: `urn:li:fsd_invitation:${n}`,
    invitationState: 'PENDING',
    toMemberId: `ACoAA${n}`,
    '*toMember': `urn:li:fsd_profile:ACoAA${n}`,
    ...(sentTime === undefined ? {} : { sentTime }),
  });
  const list = (rows: Array<Record<string, unknown>>): Answer => ({
    json: {
      data: {
        paging: { start: 0, count: 100, total: rows.length },
        '*elements': rows.map((r) => r.entityUrn),
      },
      included: rows,
    },
  });

  it('gives each pending invitation its sent time, newest first as listed', async () => {
    const at = Date.UTC(2026, 2, 2, 9, 30);
    const { page, asked } = fakePage(() => list([row(2, at), row(1, at - 86_400_000)]));
    expect(await driver.pendingInvitationsSince(page)).toEqual([
      { personId: 'ACoAA2', sentAt: '2026-03-02T09:30:00.000Z' },
      { personId: 'ACoAA1', sentAt: '2026-03-01T09:30:00.000Z' },
    ]);
    expect(asked[0]!.path).toBe(
      `${LINKEDIN_API.flow.sentInvitations}?count=100&invitationType=CONNECTION&q=invitationType&start=0`,
    );
    expect(await driver.pendingInvitations(page)).toEqual(['ACoAA2', 'ACoAA1']);
  });

  it('stops rather than guess the age of a row without its sent time', async () => {
    const { page } = fakePage(() => list([row(2, Date.UTC(2026, 2, 2)), row(1)]));
    await expect(driver.pendingInvitationsSince(page)).rejects.toMatchObject({
      name: 'PlatformStop',
      reason: 'changed',
    });
    // The ids alone still read.
    expect(await driver.pendingInvitations(page)).toEqual(['ACoAA2', 'ACoAA1']);
  });
});
