import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type IssuedSession,
  LINKEDIN_FREE_ACCOUNT_EMAIL,
  type SandboxSite,
  startSandboxSite,
} from '../../../../scripts/sandbox-platforms';
import { LINKEDIN } from '../../../../scripts/sandbox-platforms/linkedin-config';
import { companySizeOf, countryOf } from '../../../../scripts/sandbox-platforms/linkedin-facets';
import { invitationFate, replyFate } from '../../../../scripts/sandbox-platforms/linkedin-outreach';
import { toRestli } from '../../../../scripts/sandbox-platforms/restli';
import { indexWorld } from '../../../../scripts/sandbox-platforms/world-index';
import type { SandboxPerson } from '../../../../scripts/sandbox-platforms/world-types';
import { client, includedByUrn, type Json, platformHeaders } from './support';

/**
 * The sandbox LinkedIn's flow endpoints over HTTP, as a driver calls them: the faceted search, a
 * member's recent posts, the writes (react, comment, invite, message) and the reads that show them,
 * the two accounts and their tiers, the simulated clock, the failure switches, and the state file.
 */

const HOUR = 3_600_000;
const gql = (queryId: string, vars: string) =>
  `/voyager/api/graphql?includeWebMetadata=true&variables=${vars}&queryId=${queryId}`;

interface Caller {
  session: IssuedSession;
  token: string;
  get(path: string): Promise<{ status: number; body: Json; location: string | null }>;
  post(path: string, body: unknown): Promise<{ status: number; body: Json; location: string | null }>;
  page(path: string): Promise<{ status: number; text: string }>;
}

function caller(site: SandboxSite, account?: string): Caller {
  const session = site.issueSession(undefined, account ? { account } : {});
  const c = client(site, session);
  const cookie = session.cookies.map((k) => `${k.name}=${k.value}`).join('; ');
  const read = async (response: Response) => {
    const text = await response.text();
    let body: Json = text;
    try {
      body = JSON.parse(text);
    } catch {
      // an HTML answer stays text
    }
    return { status: response.status, body, location: response.headers.get('location') };
  };
  return {
    session,
    token: c.token,
    get: async (path) => read(await c.get(path)),
    post: async (path, body) =>
      read(
        await fetch(`${site.url}${path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, ...platformHeaders(site, session), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    page: async (path) => {
      const response = await fetch(`${site.url}${path}`, { headers: { cookie }, redirect: 'manual' });
      return { status: response.status, text: await response.text() };
    },
  };
}

const P = LINKEDIN.paths;
const invitePath = `${P.invitationsCreateApi}?action=${LINKEDIN.actions.invite}`;
const inviteBody = (p: SandboxPerson, note?: string) => ({
  invitee: { inviteeUnion: { memberProfile: `urn:li:fsd_profile:${p.id}` } },
  ...(note === undefined ? {} : { customMessage: note }),
});
const messageBody = (me: SandboxPerson, p: SandboxPerson, text: string) => ({
  message: { body: { text } },
  mailboxUrn: `urn:li:fsd_profile:${me.id}`,
  hostRecipientUrns: [`urn:li:fsd_profile:${p.id}`],
});

function facetVars(
  start: number,
  keywords: string,
  facets: Record<string, string[]>,
  origin = 'FACETED_SEARCH',
) {
  return toRestli({
    start: String(start),
    origin,
    query: {
      keywords,
      flagshipSearchIntent: 'SEARCH_SRP',
      queryParameters: [
        ...Object.entries(facets).map(([key, value]) => ({ key, value })),
        { key: 'resultType', value: ['PEOPLE'] },
      ],
    },
  });
}

async function searchAll(c: Caller, keywords: string, facets: Record<string, string[]>, origin?: string) {
  const ids: string[] = [];
  let total = -1;
  for (let start = 0; start < 2000; start += 10) {
    const { status, body } = await c.get(
      gql(LINKEDIN.queryIds.searchClusters, facetVars(start, keywords, facets, origin)),
    );
    expect(status).toBe(200);
    const collection = body.data.data[LINKEDIN.graphqlRoots.searchClusters];
    total = collection.metadata.totalResultCount;
    const byUrn = includedByUrn(body);
    const rows = (collection.elements as Json[]).flatMap((e) => e.items);
    if (rows.length === 0) break;
    expect(rows.length).toBeLessThanOrEqual(10);
    for (const r of rows)
      ids.push(/fsd_profile:([^,)]+)/.exec(byUrn.get(r.item['*entityResult']).entityUrn)![1]!);
  }
  return { ids, total };
}

async function updates(c: Caller, p: SandboxPerson, count = 10): Promise<Json[]> {
  const { status, body } = await c.get(
    gql(
      LINKEDIN.queryIds.profileUpdates,
      `(count:${count},start:0,profileUrn:${encodeURIComponent(`urn:li:fsd_profile:${p.id}`)})`,
    ),
  );
  expect(status).toBe(200);
  const byUrn = includedByUrn(body);
  return (body.data.data[LINKEDIN.graphqlRoots.profileUpdates]['*elements'] as string[]).map((urn) => {
    const update = byUrn.get(urn);
    const detail = byUrn.get(update['*socialDetail']);
    return { update, counts: byUrn.get(detail['*totalSocialActivityCounts']) };
  });
}

let site: SandboxSite;
let index: ReturnType<typeof indexWorld>;
let owner: Caller;
let free: Caller;
const world = () => site.world;
const me = (c: Caller) => index.person(c.session.accountId)!;
/** People neither account is connected to, nor hidden, in the world's order. */
const strangers = () =>
  world().people.filter(
    (p) =>
      !p.isOwner &&
      !p.hidden &&
      p.id !== free.session.accountId &&
      !(world().connections[world().owner.id] ?? []).some((c) => c.personId === p.id) &&
      !(world().connections[free.session.accountId] ?? []).some((c) => c.personId === p.id),
  );

beforeAll(async () => {
  site = await startSandboxSite({ platform: 'linkedin', size: { followers: 200, connections: 120 } });
  index = indexWorld(site.world);
  owner = caller(site);
  free = caller(site, 'free');
});

afterAll(async () => {
  await site?.stop();
});

afterEach(() => site.setFailures({ clear: true }));

describe('sandbox LinkedIn accounts', () => {
  it('has a premium owner and a free account, each with its own session and /me', async () => {
    expect(site.accounts.map((a) => [a.name, a.premium])).toEqual([
      ['owner', true],
      ['free', false],
    ]);
    expect(free.session.accountId).not.toBe(world().owner.id);
    expect(me(free).hidden).toBe(false);
    const a = (await owner.get(P.me)).body;
    const b = (await free.get(P.me)).body;
    expect(a.data.premiumSubscriber).toBe(true);
    expect(b.data.premiumSubscriber).toBe(false);
    expect(b.included[0].dashEntityUrn).toBe(`urn:li:fsd_profile:${free.session.accountId}`);
    expect(() => site.issueSession(undefined, { account: 'nobody' })).toThrow(/no account 'nobody'/);
    const admin = await fetch(`${site.url}/__sandbox/sessions`, {
      method: 'POST',
      body: JSON.stringify({ account: 'free' }),
    });
    expect(((await admin.json()) as { accountId: string }).accountId).toBe(free.session.accountId);
  });

  it('signs the free account in with its address or handle and the sandbox password', async () => {
    for (const login of [LINKEDIN_FREE_ACCOUNT_EMAIL, me(free).handle]) {
      const response = await fetch(`${site.url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ session_key: login, session_password: 'sandbox-password' }).toString(),
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('set-cookie')).toContain('li_at=');
    }
  });
});

describe('sandbox LinkedIn faceted people search', () => {
  const visible = () => world().people.filter((p) => !p.isOwner && !p.hidden);

  it('filters by keywords, industry, country, title and company size, 10 a page, without hidden people', async () => {
    const sample = visible()[5]!;
    const company = index.company(sample.companyId)!;
    const checks: Array<[string, Record<string, string[]>, (p: SandboxPerson) => boolean]> = [
      [
        sample.skills[0] ?? sample.company,
        {},
        (p) =>
          `${p.name} ${p.headline} ${p.title} ${p.company} ${p.skills.join(' ')}`
            .toLowerCase()
            .includes((sample.skills[0] ?? sample.company).toLowerCase()),
      ],
      ['', { industry: [String(industryIdOf(sample.industry))] }, (p) => p.industry === sample.industry],
      [
        '',
        { countryCode: ['US', 'DE'] },
        (p) => countryOf(p.location) === 'US' || countryOf(p.location) === 'DE',
      ],
      ['', { title: ['Founder'] }, (p) => /(^|[^a-z])founder/i.test(p.title)],
      [
        '',
        { companySize: [companySizeOf(company.employees)!] },
        (p) => companySizeOf(index.company(p.companyId)!.employees) === companySizeOf(company.employees),
      ],
    ];
    for (const [keywords, facets, keep] of checks) {
      const expected = visible()
        .filter(keep)
        .map((p) => p.id);
      expect(expected.length, JSON.stringify(facets)).toBeGreaterThan(0);
      const { ids, total } = await searchAll(owner, keywords, facets);
      expect(ids, JSON.stringify(facets)).toEqual(expected);
      expect(total).toBe(expected.length);
    }
    // No filter at all: everyone visible (above 10 pages, each of 10).
    const everyone = await searchAll(owner, '', {});
    expect(everyone.ids).toEqual(visible().map((p) => p.id));
  });

  it('honours the list cap, and the facets filter the classic search too', async () => {
    const capped = await startSandboxSite({ platform: 'linkedin', listCap: 25 });
    try {
      const c = caller(capped);
      const { ids, total } = await searchAll(c, '', {});
      expect(ids).toHaveLength(25);
      expect(total).toBeGreaterThan(25);
    } finally {
      await capped.stop();
    }
    const classic = await searchAll(owner, '', { countryCode: ['GB'] }, 'GLOBAL_SEARCH_HEADER');
    expect(classic.ids).toEqual(
      world()
        .people.filter((p) => !p.isOwner && countryOf(p.location) === 'GB')
        .map((p) => p.id),
    );
  });
});

/** An industry's id by its label, read from the list the sandbox reads. */
function industryIdOf(label: string): number {
  const file = JSON.parse(
    readFileSync(
      new URL('../../../../scripts/sandbox-platforms/data/linkedin-industries-v2.json', import.meta.url),
      'utf8',
    ),
  ) as { industries: Array<{ industry_id: number; label: string }> };
  return file.industries.find((i) => i.label === label)!.industry_id;
}

describe('sandbox LinkedIn recent posts, likes and comments', () => {
  const withPosts = () => strangers().slice(0, 40);

  it('serves 0-5 recent posts per person, newest first, timed on the clock, each with its page', async () => {
    const counts = new Set<number>();
    for (const p of withPosts().slice(0, 25)) {
      const posts = await updates(owner, p);
      counts.add(posts.length);
      expect(posts.length).toBeLessThanOrEqual(5);
      const times = posts.map((x) => x.update.createdAt as number);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const t of times) expect(t).toBeLessThanOrEqual(site.clock.now());
      for (const { update, counts: c } of posts.slice(0, 1)) {
        expect(update.actor.name.text).toBe(p.name);
        expect(typeof update.commentary.text.text).toBe('string');
        expect(c.numLikes).toBeGreaterThanOrEqual(0);
        const id = /activity:(\d+)/.exec(update.metadata.backendUrn)![1];
        const page = await owner.page(`/feed/update/urn:li:activity:${id}/`);
        expect(page.status).toBe(200);
        expect(page.text).toContain(update.commentary.text.text.slice(0, 20).replace(/&/g, '&amp;'));
      }
    }
    expect(counts.size).toBeGreaterThan(2);
    // The same posts for every viewer and every call.
    const p = withPosts()[0]!;
    expect((await updates(free, p)).map((x) => x.update.entityUrn)).toEqual(
      (await updates(owner, p)).map((x) => x.update.entityUrn),
    );
  });

  it('stores a like: the post shows it as the account’s, its count grows once, other accounts see the count', async () => {
    const p = withPosts().find((x) => x.id !== me(free).id)!;
    let posts = await updates(owner, p);
    for (const x of withPosts()) {
      if (posts.length) break;
      posts = await updates(owner, x);
    }
    const post = posts[0]!;
    const id = /activity:(\d+)/.exec(post.update.metadata.backendUrn)![1]!;
    expect(post.counts.liked).toBe(false);
    const liked = await owner.post(
      `${P.reactionsCreateApi}?threadUrn=${encodeURIComponent(`urn:li:activity:${id}`)}`,
      { reactionType: 'LIKE' },
    );
    expect(liked.status).toBe(201);
    expect(liked.body.value.actorUrn).toBe(`urn:li:fsd_profile:${world().owner.id}`);
    await owner.post(`${P.reactionsCreateApi}?threadUrn=urn:li:activity:${id}`, { reactionType: 'LIKE' });
    const reactions = await owner.get(
      gql(LINKEDIN.queryIds.reactions, `(count:100,start:0,threadUrn:urn%3Ali%3Aactivity%3A${id})`),
    );
    const collection = reactions.body.data.data[LINKEDIN.graphqlRoots.reactions];
    expect(collection.paging.total).toBe(post.counts.numLikes + 1);
    expect(collection['*elements'][0]).toContain(world().owner.id);
    const page = await owner.page(`/feed/update/urn:li:activity:${id}/`);
    expect(page.text).toContain('data-liked-by-viewer="true"');
    expect((await free.page(`/feed/update/urn:li:activity:${id}/`)).text).not.toContain(
      'data-liked-by-viewer',
    );
    // Read back through the author's activity, by both accounts.
    const authorId = reactionsAuthor(post);
    const again = (await updates(owner, index.person(authorId)!)).find(
      (x) => x.update.entityUrn === post.update.entityUrn,
    )!;
    expect(again.counts).toMatchObject({
      liked: true,
      reactionByViewer: 'LIKE',
      numLikes: post.counts.numLikes + 1,
    });
    const theirs = (await updates(free, index.person(authorId)!)).find(
      (x) => x.update.entityUrn === post.update.entityUrn,
    )!;
    expect(theirs.counts).toMatchObject({ liked: false, numLikes: post.counts.numLikes + 1 });
    // Unknown posts and other reactions are refused.
    expect(
      (await owner.post(`${P.reactionsCreateApi}?threadUrn=urn:li:activity:1`, { reactionType: 'LIKE' }))
        .status,
    ).toBe(404);
    expect(
      (
        await owner.post(`${P.reactionsCreateApi}?threadUrn=urn:li:activity:${id}`, {
          reactionType: 'PRAISE',
        })
      ).status,
    ).toBe(400);
  });

  it('stores a comment: under the post in the JSON and on its page, and in the count', async () => {
    const p = withPosts().find((x) => x.id !== me(free).id)!;
    let posts = await updates(free, p);
    for (const x of withPosts()) {
      if (posts.length) break;
      posts = await updates(free, x);
    }
    const post = posts[0]!;
    const id = /activity:(\d+)/.exec(post.update.metadata.backendUrn)![1]!;
    const text = 'Great point about the roadmap & the team <3';
    const created = await free.post(`${P.commentsCreateApi}?decorationId=x`, {
      commentary: { text },
      threadUrn: `urn:li:activity:${id}`,
    });
    expect(created.status).toBe(201);
    expect(created.body.value.commentary.text).toBe(text);
    const socialDetail = encodeURIComponent(
      `urn:li:fsd_socialDetail:(urn:li:activity:${id},urn:li:activity:${id},urn:li:highlightedReply:-)`,
    );
    const comments = await free.get(
      gql(
        LINKEDIN.queryIds.comments,
        `(count:10,numReplies:0,socialDetailUrn:${socialDetail},sortOrder:REVERSE_CHRONOLOGICAL,start:0)`,
      ),
    );
    const first = includedByUrn(comments.body).get(
      comments.body.data.data[LINKEDIN.graphqlRoots.comments]['*elements'][0],
    );
    expect(first.commentary.text).toBe(text);
    expect(first.commenter.actor['*profileUrn']).toBe(`urn:li:fsd_profile:${free.session.accountId}`);
    const page = await owner.page(`/feed/update/urn:li:activity:${id}/`);
    expect(page.text).toContain('Great point about the roadmap &amp; the team &lt;3');
    const again = (await updates(owner, index.person(reactionsAuthor(post))!)).find(
      (x) => x.update.entityUrn === post.update.entityUrn,
    )!;
    expect(again.counts.numComments).toBe(post.counts.numComments + 1);
    expect(
      (
        await free.post(P.commentsCreateApi, {
          commentary: { text: ' ' },
          threadUrn: `urn:li:activity:${id}`,
        })
      ).status,
    ).toBe(400);
  });
});

/** The author of an update as the actor link names them. */
function reactionsAuthor(post: Json): string {
  const handle = /\/in\/([^/]+)\//.exec(post.update.actor.navigationContext.actionTarget)![1]!;
  return index.byHandle(decodeURIComponent(handle))!.id;
}

describe('sandbox LinkedIn invitations', () => {
  it('sends an invitation with a note: in the Sent list and page, pending on the profile; a repeat is refused', async () => {
    const p = strangers()[0]!;
    const sent = await owner.post(invitePath, inviteBody(p, 'Hi, let’s connect!'));
    expect(sent.status).toBe(200);
    expect(sent.body.value.invitationUrn).toMatch(/^urn:li:fsd_invitation:\d+$/);
    const list = await owner.get(
      `${P.sentInvitationsApi}?q=invitationType&invitationType=CONNECTION&start=0&count=100`,
    );
    const invitation = includedByUrn(list.body).get(list.body.data['*elements'][0]);
    expect(invitation).toMatchObject({
      toMemberId: p.id,
      invitationState: 'PENDING',
      message: 'Hi, let’s connect!',
    });
    const page = await owner.page(P.sentInvitations);
    expect(page.text).toContain(`data-urn="urn:li:fsd_profile:${p.id}"`);
    const profile = await owner.get(
      `${P.profilesApi}?q=memberIdentity&memberIdentity=${p.id}&decorationId=${LINKEDIN.decorationIds.fullProfile}`,
    );
    const entity = includedByUrn(profile.body).get(`urn:li:fsd_profile:${p.id}`);
    expect(
      entity.memberRelationship.memberRelationshipUnion.noConnection.invitationUnion.invitation
        .invitationState,
    ).toBe('PENDING');
    expect((await owner.page(`/in/${p.handle}/`)).text).toContain('data-invitation-state="PENDING"');
    // The free account sees no invitation of the owner's.
    const theirs = await free.get(
      `${P.profilesApi}?q=memberIdentity&memberIdentity=${p.id}&decorationId=${LINKEDIN.decorationIds.fullProfile}`,
    );
    expect(JSON.stringify(theirs.body)).not.toContain('invitationUnion');

    const again = await owner.post(invitePath, inviteBody(p));
    expect(again).toMatchObject({ status: 400, body: { code: 'CANT_RESEND_YET' } });
    const connection = world().connections[world().owner.id]![0]!;
    const connected = await owner.post(invitePath, inviteBody(index.person(connection.personId)!));
    expect(connected).toMatchObject({ status: 400, body: { code: 'ALREADY_CONNECTED' } });
    expect(
      (await owner.post(invitePath.replace('verifyQuotaAndCreateV2', 'create'), inviteBody(p))).status,
    ).toBe(400);
  });

  it('holds a free account to 200-character notes and 5 notes a month; premium to 300', async () => {
    const people = strangers().slice(10, 30);
    const note = (n: number) => 'n'.repeat(n);
    expect((await free.post(invitePath, inviteBody(people[0]!, note(201)))).body.code).toBe(
      'CUSTOM_MESSAGE_TOO_LONG',
    );
    expect((await free.post(invitePath, inviteBody(people[0]!, note(200)))).status).toBe(200);
    for (const p of people.slice(1, 5))
      expect((await free.post(invitePath, inviteBody(p, 'Hello!'))).status).toBe(200);
    const sixth = await free.post(invitePath, inviteBody(people[5]!, 'Hello!'));
    expect(sixth).toMatchObject({ status: 429, body: { code: 'CUSTOM_INVITE_LIMIT_REACHED' } });
    expect((await free.post(invitePath, inviteBody(people[5]!))).status).toBe(200);
    expect((await owner.post(invitePath, inviteBody(people[6]!, note(301)))).body.code).toBe(
      'CUSTOM_MESSAGE_TOO_LONG',
    );
    expect((await owner.post(invitePath, inviteBody(people[6]!, note(300)))).status).toBe(200);
    for (const p of people.slice(7, 13))
      expect((await owner.post(invitePath, inviteBody(p, 'Hello!'))).status).toBe(200);
  });
});

describe('sandbox LinkedIn weekly invitation limit', () => {
  it('takes the 100th invitation of 7 days, refuses the 101st, and takes one again a week later', async () => {
    const own = await startSandboxSite({ platform: 'linkedin' });
    try {
      const c = caller(own);
      const firsts = new Set((own.world.connections[own.world.owner.id] ?? []).map((x) => x.personId));
      const people = own.world.people.filter((p) => !p.isOwner && !firsts.has(p.id));
      expect(people.length).toBeGreaterThan(102);
      for (let i = 0; i < 100; i++)
        expect((await c.post(invitePath, inviteBody(people[i]!))).status, String(i)).toBe(200);
      const refused = await c.post(invitePath, inviteBody(people[100]!));
      expect(refused).toMatchObject({
        status: 429,
        body: { code: 'FUSE_LIMIT_EXCEEDED', data: { code: 'FUSE_LIMIT_EXCEEDED' } },
      });
      own.clock.advance(7 * 24 * HOUR);
      expect((await c.post(invitePath, inviteBody(people[100]!))).status).toBe(200);
    } finally {
      await own.stop();
    }
  });
});

describe('sandbox LinkedIn clock: answers to invitations, messages and replies', () => {
  it('accepts, declines or leaves each invitation pending on the clock, and lets connections message', async () => {
    const own = await startSandboxSite({ platform: 'linkedin' });
    try {
      const c = caller(own);
      const ownIndex = indexWorld(own.world);
      const firsts = new Set((own.world.connections[own.world.owner.id] ?? []).map((x) => x.personId));
      const people = own.world.people.filter((p) => !p.isOwner && !firsts.has(p.id)).slice(0, 40);
      const fate = (p: SandboxPerson) => invitationFate(own.world.seed, p.id);
      for (const p of people) expect((await c.post(invitePath, inviteBody(p))).status).toBe(200);
      const pendingIds = async () => {
        const { body } = await c.get(`${P.sentInvitationsApi}?q=invitationType&invitationType=CONNECTION`);
        const byUrn = includedByUrn(body);
        return (body.data['*elements'] as string[]).map((urn) => byUrn.get(urn).toMemberId as string);
      };
      expect((await pendingIds()).sort()).toEqual(people.map((p) => p.id).sort());

      // Not yet: nothing is answered under 2 hours.
      own.clock.advance(HOUR + 59 * 60_000);
      expect((await pendingIds()).length).toBe(40);

      const accepted = people.filter((p) => fate(p).kind === 'accept');
      const declined = people.filter((p) => fate(p).kind === 'decline');
      expect(accepted.length).toBeGreaterThan(0);
      expect(declined.length).toBeGreaterThan(0);
      // Move through the clock admin route: 47 hours more, past every answer.
      const moved = await fetch(`${own.url}/__sandbox/clock`, {
        method: 'POST',
        body: JSON.stringify({ advanceHours: 47 }),
      });
      expect(((await moved.json()) as { offsetMs: number }).offsetMs).toBe(48 * HOUR + 59 * 60_000);
      expect(
        (await fetch(`${own.url}/__sandbox/clock`, { method: 'POST', body: '{"advanceMs":-1}' })).status,
      ).toBe(400);

      const pending = await pendingIds();
      expect(pending.sort()).toEqual(
        people
          .filter((p) => fate(p).kind === 'pending')
          .map((p) => p.id)
          .sort(),
      );
      const { body } = await c.get(`${P.connectionsApi}?count=40&start=0`);
      const newest = (body.data['*elements'] as string[])
        .slice(0, accepted.length)
        .map((u) => u.split(':').pop());
      expect(newest.sort()).toEqual(accepted.map((p) => p.id).sort());
      for (const p of declined) expect(newest).not.toContain(p.id);
      const profile = await c.page(`/in/${accepted[0]!.handle}/`);
      expect(profile.text).toContain('<span class="dist-value">1st</span>');
      expect((await c.page(P.connections)).text).toContain(accepted[0]!.name.replace(/'/g, '&#39;'));
      // A declined person cannot be invited again for 3 weeks.
      expect((await c.post(invitePath, inviteBody(declined[0]!))).body.code).toBe('CANT_RESEND_YET');

      // Messages: to a connection only; about 30% of threads get a reply hours later.
      const stranger = people.find((p) => fate(p).kind === 'pending')!;
      const refused = await c.post(
        `${P.messagesCreateApi}?action=createMessage`,
        messageBody(ownIndex.person(own.world.owner.id)!, stranger, 'Hi'),
      );
      expect(refused).toMatchObject({ status: 400, body: { code: 'RECIPIENT_NOT_CONNECTED' } });
      const ownerPerson = own.world.owner;
      const candidates = [
        ...accepted,
        ...(own.world.connections[ownerPerson.id] ?? []).map((x) => ownIndex.person(x.personId)!),
      ];
      const replying = candidates.find((p) => replyFate(own.world.seed, ownerPerson.id, p.id))!;
      const silent = candidates.find((p) => !replyFate(own.world.seed, ownerPerson.id, p.id))!;
      for (const p of [replying, silent]) {
        const sent = await c.post(
          `${P.messagesCreateApi}?action=createMessage`,
          messageBody(ownerPerson, p, `Hello ${p.firstName}`),
        );
        expect(sent.status).toBe(200);
        expect(sent.body.value.body.text).toBe(`Hello ${p.firstName}`);
      }
      const conversation = async (p: SandboxPerson) => {
        const vars = `(mailboxUrn:${encodeURIComponent(`urn:li:fsd_profile:${ownerPerson.id}`)},recipients:List(${encodeURIComponent(`urn:li:fsd_profile:${p.id}`)}))`;
        const { status, body: b } = await c.get(
          `${P.messagingGraphql}?queryId=${LINKEDIN.messagingQueryIds.conversations}&variables=${vars}`,
        );
        expect(status).toBe(200);
        const elements = b.data.data[LINKEDIN.messagingRoots.conversations].elements as Json[];
        expect(elements).toHaveLength(1);
        return (elements[0].messages.elements as Json[]).map((m) => ({
          from: m.sender.hostIdentityUrn.split(':').pop(),
          text: m.body.text,
        }));
      };
      expect(await conversation(replying)).toEqual([
        { from: ownerPerson.id, text: `Hello ${replying.firstName}` },
      ]);
      own.clock.advance(24 * HOUR);
      const replied = await conversation(replying);
      expect(replied).toHaveLength(2);
      expect(replied[1]).toMatchObject({
        from: replying.id,
        text: replyFate(own.world.seed, ownerPerson.id, replying.id)!.text,
      });
      expect(await conversation(silent)).toHaveLength(1);
      expect((await c.page(P.messaging)).text).toContain(`data-sender-id="${replying.id}"`);
    } finally {
      await own.stop();
    }
  });
});

describe('sandbox LinkedIn flow endpoints: failure switches and state', () => {
  it('applies the challenge, rate-limit and expiry switches to the writes', async () => {
    const c = caller(site);
    const p = strangers()[60]!;
    site.setFailures({ token: c.token, rateLimitAfter: 0 });
    expect(await c.post(invitePath, inviteBody(p))).toMatchObject({ status: 429, body: { status: 429 } });
    site.setFailures({ token: c.token, challengeAfter: 0 });
    const challenged = await c.post(invitePath, inviteBody(p));
    expect(challenged.status).toBe(302);
    expect(challenged.location).toBe('/checkpoint/challenge/');
    site.setFailures({ token: c.token, expireAfter: 0 });
    expect(
      (await c.post(`${P.reactionsCreateApi}?threadUrn=urn:li:activity:1`, { reactionType: 'LIKE' })).status,
    ).toBe(401);
    // None of them was stored.
    const list = await owner.get(
      `${P.sentInvitationsApi}?q=invitationType&invitationType=CONNECTION&count=100`,
    );
    expect(JSON.stringify(list.body)).not.toContain(p.id);
  });

  it('keeps the writes and the clock across a restart with a state dir, and shares nothing between sites', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'sandbox-li-state-'));
    try {
      const first = await startSandboxSite({ platform: 'linkedin', stateDir });
      const a = caller(first);
      const firsts = new Set((first.world.connections[first.world.owner.id] ?? []).map((x) => x.personId));
      const p = first.world.people.find((x) => !x.isOwner && !firsts.has(x.id))!;
      expect((await a.post(invitePath, inviteBody(p, 'Note'))).status).toBe(200);
      first.clock.advance(3 * HOUR);
      await first.stop();
      const file = join(stateDir, 'sandbox-platforms', 'state-linkedin.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const second = await startSandboxSite({ platform: 'linkedin', stateDir });
      try {
        expect(second.clock.offsetMs()).toBe(3 * HOUR);
        const b = caller(second);
        expect((await b.post(invitePath, inviteBody(p))).body.code).toMatch(
          /CANT_RESEND_YET|ALREADY_CONNECTED/,
        );
      } finally {
        await second.stop();
      }
      const elsewhere = await startSandboxSite({ platform: 'linkedin' });
      try {
        expect(elsewhere.clock.offsetMs()).toBe(0);
        expect((await caller(elsewhere).post(invitePath, inviteBody(p))).status).toBe(200);
      } finally {
        await elsewhere.stop();
      }
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
