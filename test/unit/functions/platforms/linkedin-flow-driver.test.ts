import { describe, expect, it } from 'vitest';
import type { PageResponse, PlatformPage } from '../../../../functions/platforms/browser';
import { PlatformStop } from '../../../../functions/platforms/driver-types';
import { noteMaxLength } from '../../../../functions/platforms/flow-driver-types';
import {
  classifyLinkedInWrite,
  LINKEDIN_API,
  linkedinRefusal,
} from '../../../../functions/platforms/linkedin/endpoints';
import { linkedinFlowDriver } from '../../../../functions/platforms/linkedin/flow-driver';
import { flowSearchPath } from '../../../../functions/platforms/linkedin/flow-search';
import { LinkedInServerError } from '../../../../functions/platforms/linkedin/voyager';
import { LINKEDIN } from '../../../../scripts/sandbox-platforms/linkedin-config';
import {
  parseRestli,
  restliQueryParameters,
  restliRecord,
} from '../../../../scripts/sandbox-platforms/restli';

/**
 * The LinkedIn flow driver on a page that answers what the test says: the paths and bodies it sends,
 * how it reads answers, which refusals are answers and which failures stop, and that its endpoints are
 * the sandbox LinkedIn's.
 */

interface Asked {
  path: string;
  method: string;
  body?: unknown;
  headers: Record<string, string>;
}

function fakePage(answer: (asked: Asked) => Partial<PageResponse> & { json?: unknown }) {
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
const ME = 'ACoAAme';
const meAnswer = (premium: boolean) => ({
  json: {
    data: { '*miniProfile': 'urn:li:fs_miniProfile:ACoAAme', premiumSubscriber: premium },
    included: [{ entityUrn: 'urn:li:fs_miniProfile:ACoAAme', dashEntityUrn: `urn:li:fsd_profile:${ME}` }],
  },
});
const person = { id: 'ACoAAbob', name: 'Bob', profileUrl: 'https://li.test/in/bob/' };
const varsOf = (path: string) =>
  restliRecord(parseRestli(decodeURIComponent(/variables=([^&]*)/.exec(path)![1]!)));

describe('the LinkedIn flow driver’s endpoints', () => {
  it('are the sandbox LinkedIn’s', () => {
    const flow = LINKEDIN_API.flow;
    expect(LINKEDIN_API.queryIds.profileUpdates).toBe(LINKEDIN.queryIds.profileUpdates);
    expect(LINKEDIN_API.graphqlRoots.profileUpdates).toBe(LINKEDIN.graphqlRoots.profileUpdates);
    expect(flow.facets).toEqual(LINKEDIN.facets);
    expect(flow.facetedOrigin).toBe(LINKEDIN.facetedOrigin);
    expect(flow.reactionsCreate).toBe(LINKEDIN.paths.reactionsCreateApi);
    expect(flow.commentsCreate).toBe(LINKEDIN.paths.commentsCreateApi);
    expect(flow.invitationsCreate).toBe(
      `${LINKEDIN.paths.invitationsCreateApi}?action=${LINKEDIN.actions.invite}`,
    );
    expect(flow.messagesCreate).toBe(
      `${LINKEDIN.paths.messagesCreateApi}?action=${LINKEDIN.actions.createMessage}`,
    );
    expect(flow.sentInvitations).toBe(LINKEDIN.paths.sentInvitationsApi);
    expect(flow.messagingGraphql).toBe(LINKEDIN.paths.messagingGraphql);
    expect(flow.conversationsQueryId).toBe(LINKEDIN.messagingQueryIds.conversations);
    expect(flow.conversationsRoot).toBe(LINKEDIN.messagingRoots.conversations);
  });

  it('sends the targeting as the faceted search’s queryParameters, cleaned', () => {
    const path = flowSearchPath(
      {
        keywords: ' saas growth ',
        industries: ['4', '4', ' 6 '],
        jobTitles: ['Head of Sales', ''],
        locations: ['us', 'GB'],
        companySize: ['b', 'C'],
      },
      20,
      10,
    );
    const vars = varsOf(path);
    expect(vars.start).toBe('20');
    expect(vars.count).toBe('10');
    expect(vars.origin).toBe('FACETED_SEARCH');
    const query = restliRecord(vars.query);
    expect(query.keywords).toBe('saas growth');
    expect(Object.fromEntries(restliQueryParameters(query.queryParameters))).toEqual({
      industry: ['4', '6'],
      countryCode: ['US', 'GB'],
      title: ['Head of Sales'],
      companySize: ['B', 'C'],
      resultType: ['PEOPLE'],
    });
    const empty = varsOf(
      flowSearchPath({ keywords: '', industries: [], jobTitles: [], locations: [], companySize: [] }, 0, 10),
    );
    expect(Object.fromEntries(restliQueryParameters(restliRecord(empty.query).queryParameters))).toEqual({
      resultType: ['PEOPLE'],
    });
  });

  it('gives each tier its note length', () => {
    expect(noteMaxLength({ premium: true })).toBe(300);
    expect(noteMaxLength({ premium: false })).toBe(200);
  });
});

describe('the LinkedIn flow driver’s writes', () => {
  const refusal = (status: number, code: string, nested = false) => ({
    status,
    json: nested ? { data: { status, code } } : { status, code, message: 'no' },
  });

  it('reads LinkedIn’s refusal codes as answers, and a 429 without one as a rate limit', async () => {
    const driver = linkedinFlowDriver(COOKIES);
    const cases: Array<[Partial<PageResponse> & { json?: unknown }, unknown]> = [
      [refusal(400, 'CUSTOM_MESSAGE_TOO_LONG'), { ok: false, refusal: 'note-too-long' }],
      [refusal(429, 'CUSTOM_INVITE_LIMIT_REACHED'), { ok: false, refusal: 'note-quota' }],
      [refusal(400, 'CANT_RESEND_YET', true), { ok: false, refusal: 'already-invited' }],
      [refusal(400, 'ALREADY_CONNECTED'), { ok: false, refusal: 'already-connected' }],
      [refusal(429, 'FUSE_LIMIT_EXCEEDED'), { ok: false, refusal: 'weekly-limit' }],
      [{ json: { value: { invitationUrn: 'urn:li:fsd_invitation:1' } } }, { ok: true }],
    ];
    for (const [answer, expected] of cases) {
      const { page, asked } = fakePage(() => answer);
      expect(await driver.invite(page, person, ' Hello Bob ')).toEqual(expected);
      expect(asked[0]).toMatchObject({
        method: 'POST',
        path: LINKEDIN_API.flow.invitationsCreate,
        body: {
          invitee: { inviteeUnion: { memberProfile: 'urn:li:fsd_profile:ACoAAbob' } },
          customMessage: 'Hello Bob',
        },
        headers: { 'csrf-token': 'ajax:123', 'content-type': 'application/json; charset=UTF-8' },
      });
    }
    const { page, asked } = fakePage(() => ({ json: {} }));
    await driver.invite(page, person, '   ');
    expect(asked[0]!.body).not.toHaveProperty('customMessage');

    const stops: Array<[Partial<PageResponse> & { json?: unknown }, string]> = [
      [{ status: 429, json: { status: 429, message: 'Too Many Requests' } }, 'rate-limited'],
      [{ status: 429, json: { status: 429, code: 'SOMETHING_ELSE' } }, 'rate-limited'],
      [{ status: 401, json: { status: 401 } }, 'expired'],
      [{ url: 'https://li.test/checkpoint/challenge/', text: '<html>' }, 'challenge'],
      [
        {
          status: 400,
          json: { status: 400, code: 'CANT_RESEND_YET' },
          url: 'https://li.test/checkpoint/challenge/',
        },
        'challenge',
      ],
    ];
    for (const [answer, reason] of stops) {
      const { page: p } = fakePage(() => answer);
      await expect(driver.invite(p, person)).rejects.toMatchObject({ name: 'PlatformStop', reason });
    }
    const { page: broken } = fakePage(() => ({ status: 503, json: {} }));
    await expect(driver.invite(broken, person)).rejects.toBeInstanceOf(LinkedInServerError);
  });

  it('takes a 201 or 204 as a written like or comment, and refuses a blank comment before asking', async () => {
    const driver = linkedinFlowDriver(COOKIES);
    const post = {
      id: '7000',
      url: 'https://li.test/feed/update/urn:li:activity:7000/',
      authorId: 'ACoAAbob',
      text: '',
      postedAt: '2026-01-01T00:00:00.000Z',
      likes: 0,
      comments: 0,
      shares: 0,
      likedByMe: false,
      commentedByMe: false,
    };
    const liked = fakePage(() => ({ status: 201, json: { value: {} } }));
    await driver.like(liked.page, post);
    expect(liked.asked[0]).toMatchObject({
      method: 'POST',
      path: `${LINKEDIN_API.flow.reactionsCreate}?threadUrn=urn%3Ali%3Aactivity%3A7000`,
      body: { reactionType: 'LIKE' },
    });
    const commented = fakePage(() => ({ status: 204, text: '' }));
    await driver.comment(commented.page, post, ' Nice ');
    expect(commented.asked[0]!.body).toMatchObject({
      commentary: { text: 'Nice' },
      threadUrn: 'urn:li:activity:7000',
    });
    await expect(driver.comment(commented.page, post, '  ')).rejects.toThrow(/needs some text/);
    expect(commented.asked).toHaveLength(1);
    expect(classifyLinkedInWrite({ status: 201, url: 'https://li.test/checkpoint/challenge/' })?.reason).toBe(
      'challenge',
    );
  });

  it('messages from the account’s mailbox, and reads a refusal for a non-connection', async () => {
    const driver = linkedinFlowDriver(COOKIES);
    const { page, asked } = fakePage((a) =>
      a.path === LINKEDIN_API.whoAmIPath ? meAnswer(false) : refusal(400, 'RECIPIENT_NOT_CONNECTED'),
    );
    expect(await driver.message(page, person, 'Hi Bob')).toEqual({ ok: false, refusal: 'not-connected' });
    expect(asked[1]).toMatchObject({
      path: LINKEDIN_API.flow.messagesCreate,
      body: {
        mailboxUrn: `urn:li:fsd_profile:${ME}`,
        hostRecipientUrns: ['urn:li:fsd_profile:ACoAAbob'],
        message: { body: { text: 'Hi Bob' } },
      },
    });
    // The account is read once per driver.
    await driver.message(page, person, 'Again');
    expect(asked.filter((a) => a.path === LINKEDIN_API.whoAmIPath)).toHaveLength(1);
    expect(await driver.account(page)).toEqual({ id: ME, premium: false });
  });
});

describe('the LinkedIn flow driver’s reads', () => {
  it('stops on a search answer without its collection, and skips hidden rows', async () => {
    const driver = linkedinFlowDriver(COOKIES);
    const targeting = { keywords: '', industries: [], jobTitles: [], locations: [], companySize: [] };
    const { page } = fakePage(() => ({ json: { data: { data: {} }, included: [] } }));
    await expect(driver.search(page, targeting)).rejects.toBeInstanceOf(PlatformStop);
    const row = (id: string, name: string, url: string) => ({
      $type: 'x.EntityResultViewModel',
      entityUrn: `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:${id},SEARCH_SRP,DEFAULT)`,
      title: { text: name },
      primarySubtitle: { text: 'CEO at X' },
      secondarySubtitle: { text: 'Berlin, Germany' },
      navigationUrl: url,
      entityCustomTrackingInfo: { memberDistance: 'DISTANCE_2' },
    });
    const answered = fakePage(() => ({
      json: {
        data: {
          data: {
            searchDashClustersByAll: {
              metadata: { totalResultCount: 12 },
              elements: [
                {
                  items: ['A', 'B'].map((id) => ({
                    item: {
                      '*entityResult': `urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:${id},SEARCH_SRP,DEFAULT)`,
                    },
                  })),
                },
              ],
            },
          },
        },
        included: [
          row('A', 'Ann', 'https://li.test/in/ann/'),
          row('B', 'LinkedIn Member', 'https://li.test/search/results/people/headless'),
        ],
      },
    }));
    expect(await driver.search(answered.page, targeting, '10')).toEqual({
      people: [
        {
          id: 'A',
          name: 'Ann',
          headline: 'CEO at X',
          location: 'Berlin, Germany',
          profileUrl: 'https://li.test/in/ann/',
          distance: 2,
        },
      ],
      total: 12,
    });
    expect(varsOf(answered.asked[0]!.path).start).toBe('10');
  });

  it('reads the invitation state from the profile’s relationship', async () => {
    const driver = linkedinFlowDriver(COOKIES);
    const profile = (union: unknown) => ({
      json: {
        data: {},
        included: [
          {
            $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
            entityUrn: 'urn:li:fsd_profile:ACoAAbob',
            memberRelationship: { memberRelationshipUnion: union },
          },
        ],
      },
    });
    const states = [
      [{ connection: {} }, 'connected'],
      [{ noConnection: { memberDistance: 'DISTANCE_2' } }, 'none'],
      [{ noConnection: { invitationUnion: { invitation: { invitationState: 'PENDING' } } } }, 'pending'],
    ] as const;
    for (const [union, state] of states) {
      const { page, asked } = fakePage(() => profile(union));
      expect(await driver.invitationState(page, person)).toBe(state);
      expect(asked[0]!.path).toContain('memberIdentity=ACoAAbob');
    }
  });

  it('stops paging connections at the first one older than `since`', async () => {
    const driver = linkedinFlowDriver(COOKIES);
    const at = (iso: string) => Date.parse(iso);
    const connection = (id: string, createdAt: number) => ({
      entityUrn: `urn:li:fsd_connection:${id}`,
      createdAt,
      connectedMember: `urn:li:fsd_profile:${id}`,
    });
    const { page, asked } = fakePage(() => ({
      json: {
        data: { '*elements': ['A', 'B', 'C'].map((id) => `urn:li:fsd_connection:${id}`) },
        included: [
          connection('A', at('2026-03-03T00:00:00Z')),
          connection('B', at('2026-03-02T00:00:00Z')),
          connection('C', at('2026-02-01T00:00:00Z')),
        ],
      },
    }));
    expect(await driver.connections(page, '2026-03-01T00:00:00Z')).toEqual(['A', 'B']);
    expect(asked).toHaveLength(1);
    await expect(driver.connections(page, 'yesterday')).rejects.toThrow(/Not a time/);
  });

  it('finds no refusal in a good answer or an unknown code', () => {
    const codes = LINKEDIN_API.flow.inviteRefusals;
    expect(
      linkedinRefusal({ status: 200, url: 'https://li.test/x', json: { code: 'CANT_RESEND_YET' } }, codes),
    ).toBeUndefined();
    expect(
      linkedinRefusal({ status: 400, url: 'https://li.test/x', json: { code: 'toString' } }, codes),
    ).toBeUndefined();
    expect(
      linkedinRefusal(
        { status: 422, url: 'https://li.test/x', json: { code: 'FUSE_LIMIT_EXCEEDED' } },
        codes,
      ),
    ).toBe('weekly-limit');
  });
});
