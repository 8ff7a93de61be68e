import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxSite, startSandboxSite } from '../../../../scripts/sandbox-platforms';
import { avatarDataUrl } from '../../../../scripts/sandbox-platforms/kit';
import { postIdOf, profileIdOfUrn, searchPeople } from '../../../../scripts/sandbox-platforms/linkedin-api';
import { LINKEDIN } from '../../../../scripts/sandbox-platforms/linkedin-config';
import { toRestli } from '../../../../scripts/sandbox-platforms/restli';
import { indexWorld, type WorldIndex } from '../../../../scripts/sandbox-platforms/world-index';
import type { SandboxPerson } from '../../../../scripts/sandbox-platforms/world-types';
import { appMayShowImage, client, includedByUrn, type Json, type SandboxClient } from './support';

/** The sandbox LinkedIn's Voyager JSON, checked against the world's own data. */

let site: SandboxSite;
let index: WorldIndex;
let api: SandboxClient;

beforeAll(async () => {
  site = await startSandboxSite({
    platform: 'linkedin',
    size: { followers: 200, connections: 120 },
    listCap: 1000,
  });
  index = indexWorld(site.world);
  api = client(site);
});

afterAll(async () => {
  await site?.stop();
});

const gql = (queryId: string, vars: string) =>
  `/voyager/api/graphql?includeWebMetadata=true&variables=${vars}&queryId=${queryId}`;

const followersVars = (start: number, count: number) =>
  `(start:${start},count:${count},origin:CurationHub,query:(flagshipSearchIntent:MYNETWORK_CURATION_HUB,queryParameters:List((key:resultType,value:List(FOLLOWERS)))))`;

function searchVars(
  start: number,
  keywords: string,
  filters: Record<string, string[]> = {},
  count?: number,
): string {
  return toRestli({
    start: String(start),
    ...(count ? { count: String(count) } : {}),
    origin: 'GLOBAL_SEARCH_HEADER',
    query: {
      keywords,
      flagshipSearchIntent: 'SEARCH_SRP',
      queryParameters: [
        ...Object.entries(filters).map(([key, value]) => ({ key, value })),
        { key: 'resultType', value: ['PEOPLE'] },
      ],
    },
    includeFiltersInResponse: 'false',
  });
}

interface Row {
  id: string;
  entity: Json;
}

/** One search page's rows, resolved through `included` as a driver does. */
function searchRows(body: Json): { rows: Row[]; collection: Json } {
  const collection = body.data.data[LINKEDIN.graphqlRoots.searchClusters];
  const byUrn = includedByUrn(body);
  const rows = (collection.elements as Json[])
    .flatMap((cluster) => cluster.items)
    .map((item) => {
      const entity = byUrn.get(item.item['*entityResult']);
      return { id: profileIdOfUrn(entity.entityUrn)!, entity };
    });
  return { rows, collection };
}

async function pageAll(
  c: SandboxClient,
  vars: (start: number) => string,
  step: number,
): Promise<{ ids: string[]; rows: Row[]; last: Json; calls: number }> {
  const rows: Row[] = [];
  let last: Json;
  let calls = 0;
  for (let start = 0; ; start += step) {
    const { status, body } = await c.json(gql(LINKEDIN.queryIds.searchClusters, vars(start)));
    calls++;
    expect(status).toBe(200);
    const page = searchRows(body);
    last = page.collection;
    if (page.rows.length === 0) break;
    rows.push(...page.rows);
  }
  return { ids: rows.map((r) => r.id), rows, last, calls };
}

function expectRowOf(row: Row, p: SandboxPerson) {
  const e = row.entity;
  expect(e.entityUrn).toContain(`urn:li:fsd_profile:${p.id}`);
  expect(e.trackingUrn).toBe(`urn:li:member:${p.memberId}`);
  expect(e.primarySubtitle.text).toBe(p.headline);
  expect(e.secondarySubtitle.text).toBe(p.location);
  expect(e.entityCustomTrackingInfo.memberDistance).toBe(`DISTANCE_${index.distance(p.id)}`);
  if (p.hidden) {
    expect(e.title.text).toBe('LinkedIn Member');
    expect(e.navigationUrl).not.toContain('/in/');
    expect(e.image).toBeNull();
  } else {
    expect(e.title.text).toBe(p.name);
    expect(e.navigationUrl).toBe(`${site.url}/in/${p.handle}/`);
    const image = e.image.attributes[0].detailData.nonEntityProfilePicture.vectorImage;
    // LinkedIn's image host is https; the sandbox's avatar is inline, which the app's CSP allows too.
    const avatar = `${image.rootUrl}${image.artifacts[0].fileIdentifyingUrlPathSegment}`;
    expect(avatar).toBe(avatarDataUrl(p));
    expect(appMayShowImage(avatar)).toBe(true);
  }
}

describe('sandbox LinkedIn: the owner’s followers (voyagerSearchDashClusters, resultType FOLLOWERS)', () => {
  it('pages to the end through exactly the owner’s followers, in order, hidden people as "LinkedIn Member"', async () => {
    const expected = site.world.followers[site.world.owner.id]!;
    const { ids, rows, last } = await pageAll(api, (start) => followersVars(start, 50), 50);
    expect(ids).toEqual(expected);
    expect(last.metadata.totalResultCount).toBe(expected.length);
    expect(last.paging.total).toBe(expected.length);
    for (const row of rows) expectRowOf(row, index.person(row.id)!);
    expect(rows.some((r) => index.person(r.id)!.hidden)).toBe(true);
  });

  it('serves at most 50 a page, with a following state per row', async () => {
    const { body } = await api.json(gql(LINKEDIN.queryIds.searchClusters, followersVars(0, 500)));
    const { rows, collection } = searchRows(body);
    expect(rows).toHaveLength(50);
    expect(collection.paging.count).toBe(50);
    const byUrn = includedByUrn(body);
    for (const row of rows) {
      const state = byUrn.get(row.entity['*followingState']);
      expect(state.following).toBe(index.ownerFollows(row.id));
    }
  });

  it('answers 400 to a stale query id or broken variables, as LinkedIn does', async () => {
    const stale = await api.json(
      gql('voyagerSearchDashClusters.00000000000000000000000000000000', followersVars(0, 10)),
    );
    expect(stale.status).toBe(400);
    const broken = await api.json(gql(LINKEDIN.queryIds.searchClusters, '(start:0,query:(keywords:x'));
    expect(broken.status).toBe(400);
    const unknownType = await api.json(
      gql(
        LINKEDIN.queryIds.searchClusters,
        '(start:0,query:(queryParameters:List((key:resultType,value:List(GROUPS)))))',
      ),
    );
    expect(unknownType.status).toBe(400);
  });

  it('takes the variables encoded once more (URLSearchParams) just as well', async () => {
    const params = new URLSearchParams({
      includeWebMetadata: 'true',
      variables: followersVars(0, 5),
      queryId: LINKEDIN.queryIds.searchClusters,
    });
    const { status, body } = await api.json(`/voyager/api/graphql?${params}`);
    expect(status).toBe(200);
    expect(searchRows(body).rows.map((r) => r.id)).toEqual(
      site.world.followers[site.world.owner.id]!.slice(0, 5),
    );
  });
});

describe('sandbox LinkedIn: the list cap (SANDBOX_LIST_CAP)', () => {
  it('stops follower lists at the cap while totalResultCount stays the true total; 0 lifts the cap', async () => {
    const capped = await startSandboxSite({ platform: 'linkedin', size: { followers: 1500 }, listCap: 1000 });
    const open = await startSandboxSite({ platform: 'linkedin', size: { followers: 1500 }, listCap: 0 });
    try {
      const followers = capped.world.followers[capped.world.owner.id]!;
      expect(followers).toHaveLength(1500);
      const first = await pageAll(client(capped), (start) => followersVars(start, 50), 50);
      expect(first.ids).toEqual(followers.slice(0, 1000));
      expect(first.last.metadata.totalResultCount).toBe(1500);
      expect(first.last.paging.total).toBe(1000);
      const past = await client(capped).json(gql(LINKEDIN.queryIds.searchClusters, followersVars(1000, 50)));
      expect(searchRows(past.body).rows).toEqual([]);
      // A page across the cap ends at the cap.
      const across = await client(capped).json(gql(LINKEDIN.queryIds.searchClusters, followersVars(980, 50)));
      expect(searchRows(across.body).rows).toHaveLength(20);

      const all = await pageAll(client(open), (start) => followersVars(start, 50), 50);
      expect(all.ids).toEqual(open.world.followers[open.world.owner.id]);
    } finally {
      await Promise.all([capped.stop(), open.stop()]);
    }
  });
});

describe('sandbox LinkedIn: people search (voyagerSearchDashClusters, resultType PEOPLE)', () => {
  it('pages 10 at a time through the people the keywords match', async () => {
    const expected = searchPeople(index, 'sales').map((p) => p.id);
    expect(expected.length).toBeGreaterThan(10);
    const { ids, rows, last } = await pageAll(api, (start) => searchVars(start, 'sales'), 10);
    expect(ids).toEqual(expected);
    expect(last.metadata.totalResultCount).toBe(expected.length);
    for (const row of rows) expectRowOf(row, index.person(row.id)!);
    const first = await api.json(gql(LINKEDIN.queryIds.searchClusters, searchVars(0, 'sales')));
    expect(searchRows(first.body).rows).toHaveLength(10);
    const big = await api.json(gql(LINKEDIN.queryIds.searchClusters, searchVars(0, 'a', {}, 200)));
    expect(searchRows(big.body).rows).toHaveLength(49);
  });

  it('reads quotes, NOT and OR in the keywords', async () => {
    const run = async (keywords: string) =>
      (await pageAll(api, (start) => searchVars(start, keywords, {}, 49), 49)).ids.map(
        (id) => index.person(id)!,
      );
    const ceos = await run('"at Nimbus"');
    expect(ceos.length).toBeGreaterThan(0);
    for (const p of ceos) expect(p.headline).toContain('at Nimbus');
    for (const p of await run('sales NOT manager')) expect(p.headline.toLowerCase()).not.toContain('manager');
    const either = new Set((await run('CTO OR CFO')).map((p) => p.id));
    const union = new Set([...(await run('CTO')), ...(await run('CFO'))].map((p) => p.id));
    expect(either).toEqual(union);
    expect(either.size).toBeGreaterThan(0);
    // Terms match from the start of a word: "cto" is not found inside "director".
    for (const p of await run('cto')) expect(p.headline.toLowerCase()).toMatch(/(^|[^a-z])cto/);
  });

  it('filters by network, and by geo and company ids found through the typeahead', async () => {
    const firsts = await pageAll(api, (start) => searchVars(start, '', { network: ['F'] }, 49), 49);
    expect(firsts.ids.length).toBe(site.world.connections[site.world.owner.id]!.length);
    for (const id of firsts.ids) expect(index.distance(id)).toBe(1);

    const geo = await api.json(
      gql(
        LINKEDIN.queryIds.typeahead,
        toRestli({ keywords: 'berlin', query: { typeaheadUseCase: 'PEOPLE_SEARCH' }, type: 'GEO' }),
      ),
    );
    const berlin = geo.body.data.data[LINKEDIN.graphqlRoots.typeahead].elements[0];
    expect(berlin.title.text).toBe('Berlin, Germany');
    const geoId = berlin.trackingUrn.split(':').pop();
    const inBerlin = await pageAll(api, (start) => searchVars(start, '', { geoUrn: [geoId] }, 49), 49);
    expect(inBerlin.ids.length).toBe(
      site.world.people.filter((p) => !p.isOwner && p.location === 'Berlin, Germany').length,
    );

    const company = site.world.companies[3]!;
    const found = await api.json(
      gql(LINKEDIN.queryIds.typeahead, toRestli({ keywords: company.name, type: 'COMPANY' })),
    );
    const companyId = found.body.data.data[LINKEDIN.graphqlRoots.typeahead].elements[0].trackingUrn
      .split(':')
      .pop();
    expect(companyId).toBe(company.id);
    const staff = await pageAll(
      api,
      (start) => searchVars(start, '', { currentCompany: [companyId] }, 49),
      49,
    );
    expect(staff.ids).toEqual(
      site.world.people.filter((p) => !p.isOwner && p.companyId === company.id).map((p) => p.id),
    );
  });
});

describe('sandbox LinkedIn: profiles (identity/dash/profiles?q=memberIdentity)', () => {
  const profilePath = (identity: string, decoration: string = LINKEDIN.decorationIds.fullProfile) =>
    `/voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=${encodeURIComponent(identity)}&decorationId=${decoration}`;

  it('answers the person’s headline, location, skills, positions, education, industry, website and picture', async () => {
    const p = site.world.people.find((x) => x.website && x.skills.length > 3 && x.educations.length > 0)!;
    const { status, body } = await api.json(profilePath(p.handle));
    expect(status).toBe(200);
    const byUrn = includedByUrn(body);
    const profile = byUrn.get(body.data['*elements'][0]);
    expect(profile).toMatchObject({
      entityUrn: `urn:li:fsd_profile:${p.id}`,
      publicIdentifier: p.handle,
      firstName: p.firstName,
      lastName: p.lastName,
      headline: p.headline,
      summary: p.bio,
      locationName: p.location,
      websites: [{ url: p.website }],
    });
    expect(profile['*profileSkills'].map((u: string) => byUrn.get(u).name)).toEqual(p.skills);
    const positions = profile['*profilePositions'].map((u: string) => byUrn.get(u));
    expect(positions[0]).toMatchObject({ title: p.title, companyName: p.company, locationName: p.location });
    expect(positions[0].dateRange.end).toBeUndefined();
    expect(positions).toHaveLength(p.positions.length);
    expect(profile['*profileEducations'].map((u: string) => byUrn.get(u).schoolName)).toEqual(
      p.educations.map((e) => e.school),
    );
    expect(byUrn.get(profile['*industry']).name).toBe(p.industry);
    expect(byUrn.get(profile.geoLocation['*geo']).defaultLocalizedName).toBe(p.location);
    const image = profile.profilePicture.displayImageReference.vectorImage;
    const avatar = await fetch(`${image.rootUrl}${image.artifacts[0].fileIdentifyingUrlPathSegment}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');
  });

  it('tells the network distance, 404s an unknown member and 400s a stale decoration', async () => {
    const first = site.world.connections[site.world.owner.id]![0]!.personId;
    const { body } = await api.json(profilePath(index.person(first)!.handle));
    expect(
      includedByUrn(body).get(`urn:li:fsd_profile:${first}`).memberRelationship.memberRelationshipUnion,
    ).toHaveProperty('connection');
    expect((await api.json(profilePath('nobody-here'))).status).toBe(404);
    expect(
      (
        await api.json(
          profilePath(
            site.world.owner.handle,
            'com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-1',
          ),
        )
      ).status,
    ).toBe(400);
  });
});

describe('sandbox LinkedIn: company page followers (voyagerOrganizationDashFollowers)', () => {
  const companyPath = (slug: string) =>
    `/voyager/api/organization/companies?decorationId=${LINKEDIN.decorationIds.company}&q=universalName&universalName=${slug}`;
  const followersOf = (pageUrn: string, start: number, count: number) =>
    gql(
      LINKEDIN.queryIds.organizationFollowers,
      toRestli({ start: String(start), count: String(count), organizationalPage: pageUrn }),
    );

  it('lists the followers of the page the owner administers, with paging and total', async () => {
    const own = index.company(site.world.owner.companyId)!;
    const { body } = await api.json(companyPath(own.slug));
    const company = includedByUrn(body).get(body.data['*elements'][0]);
    expect(company).toMatchObject({
      name: own.name,
      universalName: own.slug,
      viewerPermissions: { canReadFollowers: true },
    });
    const ids: string[] = [];
    let total = 0;
    for (let start = 0; ; start += 20) {
      const page = await api.json(followersOf(company.dashOrganizationalPageUrn, start, 20));
      expect(page.status).toBe(200);
      const collection = page.body.data.data[LINKEDIN.graphqlRoots.organizationFollowers];
      total = collection.paging.total;
      if (collection.elements.length === 0) break;
      const byUrn = includedByUrn(page.body);
      for (const element of collection.elements) {
        const profile = byUrn.get(element.followerV2['*profile']);
        expect(profile.publicIdentifier).toBeTruthy();
        expect(element.followedAt.text).toMatch(/^\d+(d|w|mo|yr)$/);
        ids.push(profileIdOfUrn(profile.entityUrn)!);
      }
    }
    expect(ids).toEqual(own.followers.map((f) => f.personId));
    expect(total).toBe(own.followers.length);
  });

  it('refuses the followers of a page the owner does not administer (403)', async () => {
    const other = site.world.companies.find((c) => c.id !== site.world.owner.companyId)!;
    const { status } = await api.json(followersOf(`urn:li:fsd_organizationalPage:${other.id}`, 0, 20));
    expect(status).toBe(403);
  });
});

describe('sandbox LinkedIn: post reactions and comments', () => {
  const post = () =>
    site.world.posts.find((p) => p.authorId === site.world.owner.id && p.comments.length > 3)!;

  it('pages the reactions (voyagerSocialDashReactions) through every liker with their reaction type', async () => {
    const p = post();
    const seen: Array<{ id: string; type: string }> = [];
    for (let start = 0; ; start += 10) {
      const { status, body } = await api.json(
        gql(LINKEDIN.queryIds.reactions, `(count:10,start:${start},threadUrn:urn%3Ali%3Aactivity%3A${p.id})`),
      );
      expect(status).toBe(200);
      const collection = body.data.data[LINKEDIN.graphqlRoots.reactions];
      expect(collection.paging.total).toBe(p.likerIds.length);
      if (collection['*elements'].length === 0) break;
      const byUrn = includedByUrn(body);
      for (const urn of collection['*elements']) {
        const r = byUrn.get(urn);
        const person = index.person(profileIdOfUrn(r.actorUrn)!)!;
        expect(r.reactorLockup.title.text).toBe(person.hidden ? 'LinkedIn Member' : person.name);
        expect(r.reactorLockup.subtitle.text).toBe(person.headline);
        if (!person.hidden) expect(r.reactorLockup.navigationUrl).toBe(`${site.url}/in/${person.handle}/`);
        seen.push({ id: person.id, type: r.reactionType });
      }
    }
    expect(seen).toEqual(p.likerIds.map((id, i) => ({ id, type: p.reactionTypes[i] })));

    const praise = await api.json(
      gql(
        LINKEDIN.queryIds.reactions,
        `(count:100,start:0,threadUrn:urn:li:activity:${p.id},reactionType:PRAISE)`,
      ),
    );
    expect(praise.body.data.data[LINKEDIN.graphqlRoots.reactions].paging.total).toBe(
      p.reactionTypes.filter((t) => t === 'PRAISE').length,
    );
  });

  it('pages the comments (voyagerSocialDashComments) with text, time and commenter', async () => {
    const p = post();
    const socialDetail = `urn:li:fsd_socialDetail:(urn:li:activity:${p.id},urn:li:activity:${p.id},urn:li:highlightedReply:-)`;
    const seen: Json[] = [];
    for (let start = 0; ; start += 2) {
      const { body } = await api.json(
        gql(
          LINKEDIN.queryIds.comments,
          toRestli({
            count: '2',
            start: String(start),
            numReplies: '0',
            sortOrder: 'RELEVANCE',
            socialDetailUrn: socialDetail,
          }),
        ),
      );
      const collection = body.data.data[LINKEDIN.graphqlRoots.comments];
      expect(collection.paging.total).toBe(p.comments.length);
      if (collection['*elements'].length === 0) break;
      const byUrn = includedByUrn(body);
      for (const urn of collection['*elements']) {
        const c = byUrn.get(urn);
        expect(byUrn.get(c.commenter.actor['*profileUrn']).publicIdentifier).toBeTruthy();
        seen.push(c);
      }
    }
    expect(seen.map((c) => c.commentary.text)).toEqual(p.comments.map((c) => c.text));
    expect(seen.map((c) => c.createdAt)).toEqual(p.comments.map((c) => Date.parse(c.createdAt)));
    expect(seen.map((c) => c.commenter.title.text)).toEqual(
      p.comments.map((c) => index.person(c.authorId)!.name),
    );
    expect(seen[0].commenter.navigationUrl).toBe(
      `${site.url}/in/${index.person(p.comments[0]!.authorId)!.handle}/`,
    );
  });

  it('finds posts from every URL shape the template accepts', async () => {
    expect(postIdOf('https://www.linkedin.com/posts/jane-doe_growth-activity-7200000000000000000-AbCd')).toBe(
      '7200000000000000000',
    );
    expect(postIdOf('https://www.linkedin.com/feed/update/urn:li:share:7211111111111111111/')).toBe(
      '7211111111111111111',
    );
    const p = post();
    const feed = await (await api.get(`/feed/update/urn:li:activity:${p.id}/`)).text();
    const share = /data-share-url="([^"]+)"/.exec(feed)![1]!;
    expect(share).toMatch(new RegExp(`^/posts/sandra-box_.+-activity-${p.id}-[A-Za-z0-9]{4}/$`));
    for (const path of [
      share,
      `/feed/update/urn:li:ugcPost:${p.id}/`,
      `/feed/update/urn%3Ali%3Aactivity%3A${p.id}/`,
    ]) {
      const page = await api.get(path);
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain(`data-urn="urn:li:activity:${p.id}"`);
    }
  });
});

describe('sandbox LinkedIn: connections JSON', () => {
  it('gives each connection a profile with picture, and sorts by name on request', async () => {
    const path = (start: number, sort = 'RECENTLY_ADDED') =>
      `/voyager/api/relationships/dash/connections?decorationId=${LINKEDIN.decorationIds.connections}&count=40&q=search&sortType=${sort}&start=${start}`;
    const { body } = await api.json(path(0));
    const byUrn = includedByUrn(body);
    const first = byUrn.get(byUrn.get(body.data['*elements'][0]).connectedMember);
    const expected = index.person(site.world.connections[site.world.owner.id]![0]!.personId)!;
    expect(first).toMatchObject({
      publicIdentifier: expected.handle,
      firstName: expected.firstName,
      headline: expected.headline,
    });
    const picture = first.profilePicture.displayImageReference.vectorImage;
    expect(`${picture.rootUrl}${picture.artifacts[0].fileIdentifyingUrlPathSegment}`).toBe(
      avatarDataUrl(expected),
    );

    const lastNames: string[] = [];
    for (let start = 0; ; start += 40) {
      const page = await api.json(path(start, 'LASTNAME_FIRSTNAME'));
      if (page.body.data['*elements'].length === 0) break;
      const pageUrns = includedByUrn(page.body);
      for (const urn of page.body.data['*elements'])
        lastNames.push(pageUrns.get(pageUrns.get(urn).connectedMember).lastName);
    }
    expect(lastNames).toHaveLength(site.world.connections[site.world.owner.id]!.length);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b)));
    expect((await api.json(path(0).replace('-16', '-3'))).status).toBe(400);
  });
});

describe('sandbox LinkedIn pages', () => {
  it('shows hidden followers as "LinkedIn Member" without a profile link, and profiles with skills', async () => {
    const hidden = site.world.followers[site.world.owner.id]!.map((id) => index.person(id)!).filter(
      (p) => p.hidden,
    );
    expect(hidden.length).toBeGreaterThan(0);
    let html = '';
    for (let page = 1; page <= 4; page++)
      html += await (
        await api.get(`/mynetwork/network-manager/people-follow/followers/?page=${page}`)
      ).text();
    for (const p of hidden) {
      const row = new RegExp(`data-urn="urn:li:fsd_profile:${p.id}"[^>]*>[\\s\\S]*?</li>`).exec(html)![0];
      expect(row).toContain('LinkedIn Member');
      expect(row).not.toContain('/in/');
    }
    const p = site.world.people.find((x) => x.skills.length > 0 && !x.isOwner)!;
    const profile = await (await api.get(`/in/${p.handle}/`)).text();
    for (const skill of p.skills) expect(profile).toContain(skill.replace(/&/g, '&amp;'));
  });
});
