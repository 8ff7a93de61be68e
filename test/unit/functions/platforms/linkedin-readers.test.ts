import { describe, expect, it } from 'vitest';
import type { PageResponse, PlatformPage } from '../../../../functions/platforms/browser';
import { PlatformStop } from '../../../../functions/platforms/driver-types';
import { onOrAfterDay } from '../../../../functions/platforms/filters';
import { LINKEDIN_API } from '../../../../functions/platforms/linkedin/endpoints';
import { capped, peopleSearchReader } from '../../../../functions/platforms/linkedin/people-search';
import { postEngagersReader, postRefOf } from '../../../../functions/platforms/linkedin/post-engagers';
import {
  detailsFor,
  parseFullProfile,
  profileHandles,
} from '../../../../functions/platforms/linkedin/profile-collector';
import { linkedinTrobs } from '../../../../functions/platforms/linkedin/trobs';

/** A page whose requests `answer` serves; it records every path asked. */
function fakePage(answer: (path: string) => Partial<PageResponse> & { json?: unknown }) {
  const asked: string[] = [];
  const page: PlatformPage = {
    baseUrl: 'https://li.test',
    landedAt: 'https://li.test/feed/',
    landingStatus: 200,
    async request(path) {
      asked.push(path);
      const res = answer(path);
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

const graphql = (root: string, value: unknown, included: unknown[] = []) => ({
  json: { data: { data: { [root]: value } }, included },
});
const urn = (id: string) => `urn:li:fsd_profile:${id}`;
const varsOf = (path: string) => decodeURIComponent(/variables=([^&]*)/.exec(path)?.[1] ?? '');

describe('post links', () => {
  it('reads every form the template accepts', () => {
    expect(postRefOf('https://www.linkedin.com/feed/update/urn:li:activity:7200000000000000000/')).toEqual({
      kind: 'activity',
      id: '7200000000000000000',
    });
    expect(
      postRefOf('https://www.linkedin.com/feed/update/urn%3Ali%3AugcPost%3A7211111111111111111'),
    ).toEqual({
      kind: 'ugcPost',
      id: '7211111111111111111',
    });
    expect(
      postRefOf('https://www.linkedin.com/posts/jane-doe_saas-pipeline-activity-7222222222222222222-Xy9Z'),
    ).toEqual({ kind: 'activity', id: '7222222222222222222', authorHandle: 'jane-doe' });
    expect(postRefOf('https://www.linkedin.com/posts/jane-doe_x-ugcPost-7233333333333333333-AbCd/')).toEqual({
      kind: 'ugcPost',
      id: '7233333333333333333',
      authorHandle: 'jane-doe',
    });
    expect(postRefOf('https://www.linkedin.com/in/jane-doe/')).toBeUndefined();
  });
});

describe('post engagers reader', () => {
  const config = (extra: Record<string, unknown> = {}) => ({
    postSettings: {
      linkedinPostUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:42/',
      extractionTypes: ['likers', 'commenters'],
    },
    filteringSettings: { includePostAuthor: false, ...extra },
  });
  const commenter = (id: string, name: string, author = false) => ({
    title: { text: name },
    subtitle: `${name}'s headline`,
    navigationUrl: `https://li.test/in/${name.toLowerCase()}/`,
    actor: { '*profileUrn': urn(id) },
    author,
  });
  const comment = (n: number, who: ReturnType<typeof commenter>) => ({
    $type: 'com.linkedin.voyager.dash.social.Comment',
    entityUrn: `urn:li:fsd_comment:(${n},urn:li:activity:42)`,
    commentary: { text: `comment ${n}` },
    // LinkedIn's epoch milliseconds; the second comment has none.
    ...(n === 2 ? {} : { createdAt: Date.parse('2026-01-10T09:30:00Z') + (n - 1) * 60_000 }),
    commenter: who,
  });
  const reaction = (id: string, name: string, type: string, handle = name.toLowerCase()) => ({
    $type: 'com.linkedin.voyager.dash.social.Reaction',
    entityUrn: `urn:li:fsd_reaction:(${urn(id)},urn:li:activity:42,0)`,
    actorUrn: urn(id),
    reactionType: type,
    reactorLockup: {
      title: { text: name },
      subtitle: { text: `${name}'s headline` },
      label: { text: '• 2nd' },
      ...(name === 'LinkedIn Member' ? {} : { navigationUrl: `https://li.test/in/${handle}/` }),
    },
  });

  function site() {
    const comments = [
      comment(1, commenter('A', 'Ann')),
      comment(2, commenter('B', 'Bob')),
      comment(3, commenter('A', 'Ann')),
      comment(4, commenter('Z', 'Zed', true)),
    ];
    const reactions = [
      reaction('A', 'Ann', 'LIKE'),
      reaction('C', 'Cat', 'PRAISE'),
      reaction('H', 'LinkedIn Member', 'LIKE'),
      reaction('Z', 'Zed', 'EMPATHY'),
      reaction('C', 'Cat', 'PRAISE'),
      reaction('D', 'Dan', 'INTEREST'),
    ];
    return fakePage((path) => {
      if (path.startsWith(LINKEDIN_API.postPage))
        return {
          json: undefined,
          text: '<header class="global-nav"><a class="global-nav__me" href="/in/me/">Me</a></header><div class="feed-shared-update-v2"><a class="update-components-actor__name" href="/in/zed/">Zed</a>',
        };
      const vars = varsOf(path);
      const start = Number(/start:(\d+)/.exec(vars)?.[1]);
      const count = Number(/count:(\d+)/.exec(vars)?.[1]);
      if (path.includes(LINKEDIN_API.queryIds.comments)) {
        const slice = comments.slice(start, start + count);
        return graphql(
          LINKEDIN_API.graphqlRoots.comments,
          { paging: { start, count, total: comments.length }, '*elements': slice.map((c) => c.entityUrn) },
          slice,
        );
      }
      const slice = reactions.slice(start, start + count);
      return graphql(
        LINKEDIN_API.graphqlRoots.reactions,
        { paging: { start, count, total: reactions.length }, '*elements': slice.map((r) => r.entityUrn) },
        slice,
      );
    });
  }

  async function walk(page: PlatformPage, cfg: Record<string, unknown>) {
    const reader = postEngagersReader('csrf');
    const pages = [];
    let cursor: string | undefined;
    do {
      const listed = await reader.read(page, cursor, cfg);
      pages.push(listed);
      cursor = listed.next;
    } while (cursor);
    return pages;
  }

  it('lists commenters then reactors, each person once, with how each engaged (DECISIONS 26)', async () => {
    const { page, asked } = site();
    const pages = await walk(page, config());
    const rows = pages.flatMap((p) => p.rows);
    expect(rows.map((r) => r.id)).toEqual(['A', 'B', 'Z', 'C', 'H', 'D']);
    expect(rows.find((r) => r.id === 'A')).toMatchObject({
      headline: "Ann's headline",
      profileUrl: 'https://li.test/in/ann/',
      engagement: { type: 'commented', text: 'comment 1', at: '2026-01-10T09:30:00.000Z' },
      context: { postAuthor: false },
    });
    // The comment is the engagement's text, never the description.
    expect(rows.find((r) => r.id === 'A')).not.toHaveProperty('description');
    // A comment without its time has none.
    expect(rows.find((r) => r.id === 'B')?.engagement).toEqual({ type: 'commented', text: 'comment 2' });
    expect(rows.find((r) => r.id === 'H')).toMatchObject({ hidden: true, name: 'LinkedIn Member' });
    expect(rows.find((r) => r.id === 'C')).toMatchObject({
      connectionDegree: '2nd',
      engagement: { type: 'reacted' },
      context: { reactionType: 'PRAISE', postAuthor: false },
    });
    expect(rows.find((r) => r.id === 'C')?.engagement).toEqual({ type: 'reacted' });
    expect(rows.find((r) => r.id === 'Z')?.context?.postAuthor).toBe(true);
    for (const listed of pages) expect(new Set(listed.rows.map((r) => r.id)).size).toBe(listed.rows.length);
    // The post's page was read once, at the start, for its author.
    expect(asked.filter((p) => p.startsWith(LINKEDIN_API.postPage))).toHaveLength(1);
    expect(asked[0]).toBe('/feed/update/urn:li:activity:42/');
  });

  it('finds the author on the post page when only reactors are read', async () => {
    const { page } = site();
    const rows = (
      await walk(page, {
        ...config(),
        postSettings: { ...config().postSettings, extractionTypes: ['likers'] },
      })
    ).flatMap((p) => p.rows);
    expect(rows.map((r) => r.id)).toEqual(['A', 'C', 'H', 'Z', 'D']);
    expect(rows.filter((r) => r.context?.postAuthor).map((r) => r.id)).toEqual(['Z']);
  });

  it('does not read the post page when the author is to be kept', async () => {
    const { page, asked } = site();
    await walk(page, config({ includePostAuthor: true }));
    expect(asked.some((p) => p.startsWith(LINKEDIN_API.postPage))).toBe(false);
  });

  it('leaves out the author, other reaction types and hidden rows through the driver', () => {
    const driver = linkedinTrobs['linkedin-post-leads-scraper']!([]);
    const cfg = {
      postSettings: { reactionTypes: ['LIKE'] },
      filteringSettings: { includePostAuthor: false, headlineKeywords: [] },
    };
    const row = (type: 'reacted' | 'commented', context: Record<string, string | boolean>) => ({
      id: 'x',
      name: 'X',
      hidden: false,
      engagement: { type },
      context,
    });
    expect(driver.keep!(row('reacted', { reactionType: 'LIKE', postAuthor: false }), cfg)).toBe(true);
    expect(driver.keep!(row('reacted', { reactionType: 'PRAISE', postAuthor: false }), cfg)).toBe(false);
    // A commenter is kept whatever their reaction: the types filter likers.
    expect(driver.keep!(row('commented', { postAuthor: false }), cfg)).toBe(true);
    expect(driver.keep!(row('commented', { postAuthor: true }), cfg)).toBe(false);
    expect(
      driver.keep!(row('commented', { postAuthor: true }), {
        ...cfg,
        filteringSettings: { includePostAuthor: true },
      }),
    ).toBe(true);
  });
});

describe('people search reader', () => {
  const entity = (n: number) => ({
    $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
    entityUrn: `urn:li:fsd_entityResultViewModel:(${urn(`P${n}`)},SEARCH_SRP,DEFAULT)`,
    title: { text: `Person ${n}` },
    primarySubtitle: { text: 'Founder' },
    navigationUrl: `https://li.test/in/person-${n}/`,
  });
  /** A search of `total` results that LinkedIn stops at `cap`, as the real site does. */
  function searchSite(total: number, cap: number) {
    return fakePage((path) => {
      if (path.includes(LINKEDIN_API.queryIds.typeahead)) {
        const vars = varsOf(path);
        const keywords = /keywords:([^,]*)/.exec(vars)?.[1] ?? '';
        const geo = vars.includes('type:GEO');
        const places = ['Berlin Metropolitan Area', 'Berlin, Germany'];
        const elements = geo
          ? places
              .filter((p) => p.toLowerCase().includes(keywords.toLowerCase()))
              .map((p, i) => ({ title: { text: p }, trackingUrn: `urn:li:geo:${100 + i}` }))
          : [{ title: { text: 'Acme' }, trackingUrn: 'urn:li:company:77' }];
        return graphql(LINKEDIN_API.graphqlRoots.typeahead, { elements });
      }
      const vars = varsOf(path);
      const start = Number(/start:(\d+)/.exec(vars)?.[1]);
      const end = Math.min(start + 10, total, cap);
      const items = [];
      for (let n = start; n < end; n++) items.push(entity(n));
      return graphql(
        LINKEDIN_API.graphqlRoots.searchClusters,
        {
          metadata: { totalResultCount: total },
          paging: { start, count: 10, total: Math.min(total, cap) },
          elements: items.length
            ? [{ items: items.map((e) => ({ item: { '*entityResult': e.entityUrn } })) }]
            : [],
        },
        items,
      );
    });
  }

  it('stops at LinkedIn’s 1,000 without asking for the empty page after, and says so', async () => {
    const { page, asked } = searchSite(5000, 1000);
    const reader = peopleSearchReader('csrf');
    const cfg = { searchSettings: { keywords: 'founder', network: ['S'] } };
    const first = await reader.read(page, undefined, cfg);
    expect(first).toMatchObject({ total: 5000 });
    expect(JSON.parse(first.next!)).toEqual({ s: 10, g: [], c: [] });
    const last = await reader.read(page, JSON.stringify({ s: 990, g: [], c: [] }), cfg);
    expect(last.rows).toHaveLength(10);
    expect(last.next).toBeUndefined();
    expect(last.cap).toBe(1000);
    expect(asked).toHaveLength(2);
    expect(reader.capWords!(1000)).toBe('LinkedIn shows at most 1,000 results per search');
  });

  it('reports the cap when the platform stops early too', () => {
    expect(capped({ rows: [], next: '1000', total: 1500 })).toEqual({ rows: [], total: 1500, cap: 1000 });
    expect(capped({ rows: [], next: '1000', total: 1000 })).toEqual({ rows: [], total: 1000 });
    expect(capped({ rows: [], next: '990', total: 1500 })).toEqual({ rows: [], next: '990', total: 1500 });
  });

  it('sends the keywords as typed and the filters as ids resolved once through the typeahead', async () => {
    const { page, asked } = searchSite(30, 1000);
    const reader = peopleSearchReader('csrf');
    const cfg = {
      searchSettings: {
        keywords: '"head of sales" OR founder NOT (agency)',
        network: ['F', 'O'],
        locations: ['Berlin, Germany'],
        currentCompanies: ['Acme'],
      },
    };
    const first = await reader.read(page, undefined, cfg);
    expect(JSON.parse(first.next!)).toEqual({ s: 10, g: ['101'], c: ['77'] });
    await reader.read(page, first.next, cfg);
    expect(asked.filter((p) => p.includes(LINKEDIN_API.queryIds.typeahead))).toHaveLength(2);
    const search = varsOf(asked.at(-1)!);
    expect(search).toContain('keywords:"head of sales" OR founder NOT (agency)');
    expect(search).toContain('(key:network,value:List(F,O))');
    expect(search).toContain('(key:geoUrn,value:List(101))');
    expect(search).toContain('(key:currentCompany,value:List(77))');
    expect(search).toContain('start:10');
    // The raw URL keeps the keywords' parentheses and commas encoded for Rest.li.
    expect(asked.at(-1)).toContain('keywords:%22head%20of%20sales%22%20OR%20founder%20NOT%20%28agency%29');
  });

  it('stops as not-found on a location LinkedIn does not know', async () => {
    const { page } = searchSite(30, 1000);
    const reader = peopleSearchReader('csrf');
    await expect(
      reader.read(page, undefined, { searchSettings: { keywords: 'founder', locations: ['Atlantis'] } }),
    ).rejects.toMatchObject(new PlatformStop('not-found', "LinkedIn knows no location named 'Atlantis'"));
  });
});

describe('profile collector', () => {
  it('removes repeated URLs whatever their case, slash, query or subdomain', () => {
    expect(
      profileHandles({
        profileSettings: {
          profileUrls: [
            'https://www.linkedin.com/in/jane-doe',
            'https://de.linkedin.com/in/Jane-Doe/',
            'https://www.linkedin.com/in/jane-doe/?originalSubdomain=uk',
            'https://www.linkedin.com/in/john-smith-42',
            'https://www.linkedin.com/in/maria-garc%C3%ADa/',
          ],
        },
      }),
    ).toEqual(['jane-doe', 'john-smith-42', 'maria-garcía']);
  });

  const profile = (relationship: Record<string, unknown>) => ({
    included: [
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Profile',
        entityUrn: urn('ACoAA1'),
        publicIdentifier: 'jane-doe',
        firstName: 'Jane',
        lastName: 'Doe',
        headline: 'Founder',
        summary: 'About Jane',
        locationName: 'Berlin',
        websites: [{ url: 'https://jane.example.com' }],
        memberRelationship: { memberRelationshipUnion: relationship },
      },
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Position',
        title: 'Old job',
        companyName: 'Old Co',
        dateRange: { start: { year: 2015 }, end: { year: 2018 } },
      },
      {
        $type: 'com.linkedin.voyager.dash.identity.profile.Position',
        title: 'CEO',
        companyName: 'Acme',
        dateRange: { start: { year: 2019 } },
      },
      { $type: 'com.linkedin.voyager.dash.identity.profile.Skill', name: 'Sales' },
      { $type: 'com.linkedin.voyager.dash.identity.profile.Skill', name: 'SaaS' },
    ],
  });

  it('reads the row, the degree and the section details of a full profile', () => {
    const parsed = parseFullProfile(profile({ noConnection: { memberDistance: 'DISTANCE_3' } }), 'jane-doe')!;
    expect(parsed.row).toMatchObject({
      id: 'ACoAA1',
      name: 'Jane Doe',
      hidden: false,
      headline: 'Founder',
      location: 'Berlin',
      profileUrl: '/in/jane-doe/',
      connectionDegree: '3rd+',
      website: 'https://jane.example.com',
    });
    expect(parsed.about).toBe('About Jane');
    expect(detailsFor(parsed.details, new Set(['experience']))).toEqual({ title: 'CEO', company: 'Acme' });
    expect(detailsFor(parsed.details, new Set(['skills']))).toEqual({ skills: 'Sales • SaaS' });
    expect(detailsFor(parsed.details, new Set(['about']))).toEqual({});
    expect(parseFullProfile(profile({ connection: {} }), 'jane-doe')!.row.connectionDegree).toBe('1st');
  });

  it('takes one profile view per URL and reports an unreachable one as hidden', async () => {
    const { page, asked } = fakePage((path) =>
      path.includes('memberIdentity=ghost')
        ? { status: 404, json: { status: 404 } }
        : { json: profile({ noConnection: { memberDistance: 'DISTANCE_2' } }) },
    );
    const driver = linkedinTrobs['linkedin-profile-collector']!([]);
    const cfg = {
      profileSettings: {
        profileUrls: ['https://www.linkedin.com/in/ghost/', 'https://www.linkedin.com/in/jane-doe/'],
        sections: ['about', 'skills'],
      },
      filteringSettings: { skipOutOfNetwork: true },
    };
    expect(driver.list.action).toBe('profile-views');
    const first = await driver.list.read(page, undefined, cfg);
    expect(first).toMatchObject({ rows: [{ hidden: true, name: 'ghost' }], next: '1', total: 2 });
    const second = await driver.list.read(page, first.next, cfg);
    expect(second.next).toBeUndefined();
    expect(second.rows[0]).toMatchObject({
      id: 'ACoAA1',
      description: 'About Jane',
      connectionDegree: '2nd',
    });
    expect(driver.keep!(second.rows[0]!, cfg)).toBe(true);
    expect(driver.keep!({ ...second.rows[0]!, connectionDegree: '3rd+' }, cfg)).toBe(false);
    // The details come from the visit already made.
    expect(driver.wantsEnrichment!(cfg)).toBe(true);
    const lead = {
      id: 'ACoAA1',
      profileId: 'ACoAA1',
      name: 'Jane Doe',
      profileUrl: 'https://li.test/in/jane-doe/',
      extractedAt: '',
    };
    expect(await driver.profile!.read(page, lead, {})).toEqual({ skills: 'Sales • SaaS' });
    expect(asked).toHaveLength(2);
  });
});

describe('connected after', () => {
  it('keeps the exact day and leaves out the day before, in any order', () => {
    expect(onOrAfterDay('2025-03-04T23:59:00.000Z', '2025-03-04')).toBe(true);
    expect(onOrAfterDay('2025-03-04T00:00:00.000Z', '2025-03-05')).toBe(false);
    expect(onOrAfterDay(undefined, '2025-03-05')).toBe(false);
    expect(onOrAfterDay(undefined, undefined)).toBe(true);
    const driver = linkedinTrobs['linkedin-connections-export']!([]);
    const cfg = { connectionSettings: { sortBy: 'firstName', connectedAfter: '2025-03-05' } };
    const row = (connectedAt: string) => ({ id: 'x', name: 'X', hidden: false, context: { connectedAt } });
    expect(driver.keep!(row('2025-03-05T08:00:00.000Z'), cfg)).toBe(true);
    expect(driver.keep!(row('2025-03-04T08:00:00.000Z'), cfg)).toBe(false);
  });
});
