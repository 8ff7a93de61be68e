import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedBrowser, openPlatformPage, type PlatformPage } from '../../functions/platforms/browser';
import { PlatformStop } from '../../functions/platforms/driver-types';
import type { FlowDriver, FlowPerson, FlowTargeting } from '../../functions/platforms/flow-driver-types';
import { LINKEDIN_API } from '../../functions/platforms/linkedin/endpoints';
import { linkedinFlowDriver } from '../../functions/platforms/linkedin/flow-driver';
import {
  type IssuedSession,
  type SandboxPerson,
  type SandboxSite,
  startSandboxSite,
} from '../../scripts/sandbox-platforms';
import { companySizeOf, countryOf } from '../../scripts/sandbox-platforms/linkedin-facets';
import { invitationFate, replyFate } from '../../scripts/sandbox-platforms/linkedin-outreach';
import { linkedInIndustryId } from '../../scripts/sandbox-platforms/words';
import { indexWorld, type WorldIndex } from '../../scripts/sandbox-platforms/world-index';
import { setEnv } from '../support/integration-env';

/**
 * The LinkedIn flow driver against the sandbox LinkedIn, in real Chromium: every call made from inside
 * the signed-in page (PlatformPage), its results compared with the sandbox world's own data; writes
 * read back through the driver's verify calls; the clock moved to see invitations answered and
 * replies come; the failure switches met as PlatformStop.
 */

const HOUR = 3_600_000;
let site: SandboxSite;
let index: WorldIndex;
const opened: PlatformPage[] = [];

beforeAll(async () => {
  setEnv({ APP_RUNTIME: 'local' });
  site = await startSandboxSite({ platform: 'linkedin' });
  index = indexWorld(site.world);
});

afterAll(async () => {
  for (const page of opened) await page.close();
  await closeSharedBrowser();
  await site?.stop();
});

interface Signed {
  session: IssuedSession;
  driver: FlowDriver;
  page: PlatformPage;
  token: string;
}

async function signIn(on: SandboxSite, account?: string): Promise<Signed> {
  const session = on.issueSession(undefined, account ? { account } : {});
  const page = await openPlatformPage({
    baseUrl: on.url,
    landingPath: LINKEDIN_API.landingPath,
    cookies: session.cookies,
    userAgent: session.userAgent,
  });
  opened.push(page);
  return {
    session,
    driver: linkedinFlowDriver(session.cookies),
    page,
    token: session.cookies.find((c) => c.name === 'li_at')!.value,
  };
}

/** A title phrase found in a title as whole words, any case. */
const hasWords = (title: string, phrase: string) =>
  new RegExp(`(^|[^a-z])${phrase.toLowerCase().replace(/[^a-z0-9 ]/g, '.')}($|[^a-z])`).test(
    title.toLowerCase(),
  );

const NO_TARGETING: FlowTargeting = {
  keywords: '',
  industries: [],
  jobTitles: [],
  locations: [],
  companySize: [],
};

/** Every person a targeting finds, walking the driver's cursor to the end. */
async function searchAll(s: Signed, targeting: Partial<FlowTargeting>): Promise<FlowPerson[]> {
  const people: FlowPerson[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const page = await s.driver.search(s.page, { ...NO_TARGETING, ...targeting }, cursor);
    expect(page.people.length).toBeLessThanOrEqual(10);
    people.push(...page.people);
    if (!page.next) break;
    cursor = page.next;
  }
  return people;
}

/** The people a viewer's faceted search must find: neither the viewer nor a hidden person. */
const visibleTo = (viewerId: string) => site.world.people.filter((p) => p.id !== viewerId && !p.hidden);
const firstDegree = (on: SandboxSite, id: string) =>
  new Set((on.world.connections[id] ?? []).map((c) => c.personId));
const asPerson = (on: SandboxSite, p: SandboxPerson): FlowPerson => ({
  id: p.id,
  name: p.name,
  profileUrl: `${on.url}/in/${p.handle}/`,
});

describe('the LinkedIn flow driver: account and search', () => {
  it('reads each account’s tier', async () => {
    const owner = await signIn(site);
    const free = await signIn(site, 'free');
    expect(await owner.driver.account(owner.page)).toEqual({ id: site.world.owner.id, premium: true });
    expect(await free.driver.account(free.page)).toEqual({ id: free.session.accountId, premium: false });
  });

  it('finds the world’s people by each filter, page by page, without hidden people', async () => {
    const s = await signIn(site);
    const viewer = site.world.owner.id;
    const sample = visibleTo(viewer)[3]!;
    const size = companySizeOf(index.company(sample.companyId)!.employees)!;
    const cases: Array<[Partial<FlowTargeting>, (p: SandboxPerson) => boolean]> = [
      [
        { keywords: sample.title.split(' ')[0]!.toLowerCase() },
        (p) =>
          `${p.name} ${p.headline} ${p.title} ${p.company} ${p.skills.join(' ')}`
            .toLowerCase()
            .includes(sample.title.split(' ')[0]!.toLowerCase()),
      ],
      [{ industries: [String(linkedInIndustryId(sample.industry))] }, (p) => p.industry === sample.industry],
      [{ locations: ['GB', 'jp'] }, (p) => ['GB', 'JP'].includes(countryOf(p.location)!)],
      [
        { jobTitles: ['Head of Growth', 'software engineer'] },
        (p) => hasWords(p.title, 'Head of Growth') || hasWords(p.title, 'Software Engineer'),
      ],
      [{ companySize: [size] }, (p) => companySizeOf(index.company(p.companyId)!.employees) === size],
      [
        { keywords: sample.firstName, locations: [countryOf(sample.location)!], jobTitles: [sample.title] },
        (p) =>
          `${p.name} ${p.headline} ${p.title} ${p.company} ${p.skills.join(' ')}`
            .toLowerCase()
            .includes(sample.firstName.toLowerCase()) &&
          countryOf(p.location) === countryOf(sample.location) &&
          hasWords(p.title, sample.title),
      ],
    ];
    for (const [targeting, keep] of cases) {
      const expected = visibleTo(viewer).filter(keep);
      expect(expected.length, JSON.stringify(targeting)).toBeGreaterThan(0);
      const found = await searchAll(s, targeting);
      expect(
        found.map((p) => p.id),
        JSON.stringify(targeting),
      ).toEqual(expected.map((p) => p.id));
      for (const p of found.slice(0, 3)) {
        const w = index.person(p.id)!;
        expect(p).toMatchObject({
          name: w.name,
          headline: w.headline,
          location: w.location,
          profileUrl: `${site.url}/in/${w.handle}/`,
        });
        expect(p.distance).toBe(index.distance(p.id));
      }
    }
    const page = await s.driver.search(s.page, { ...NO_TARGETING, locations: ['US'] });
    expect(page.total).toBe(visibleTo(viewer).filter((p) => countryOf(p.location) === 'US').length);
    expect(page.next).toBe('10');
  });
});

describe('the LinkedIn flow driver: posts, likes and comments', () => {
  it('likes and comments on a person’s recent post, and reads both back', async () => {
    const s = await signIn(site);
    const me = site.world.owner.id;
    let person: FlowPerson | undefined;
    let posts: Awaited<ReturnType<FlowDriver['recentPosts']>> = [];
    for (const p of visibleTo(me)) {
      posts = await s.driver.recentPosts(s.page, asPerson(site, p), 3);
      if (posts.length >= 2) {
        person = asPerson(site, p);
        break;
      }
    }
    expect(person).toBeDefined();
    expect(posts.length).toBeLessThanOrEqual(3);
    const [post, other] = posts as [(typeof posts)[0], (typeof posts)[0]];
    expect(post).toMatchObject({ authorId: person!.id, likedByMe: false, commentedByMe: false });
    expect(post.url).toBe(`${site.url}/feed/update/urn:li:activity:${post.id}/`);
    expect(Date.parse(post.postedAt)).toBeLessThanOrEqual(site.clock.now());
    expect(Date.parse(post.postedAt)).toBeGreaterThanOrEqual(Date.parse(other.postedAt));

    expect(await s.driver.isLiked(s.page, post)).toBe(false);
    await s.driver.like(s.page, post);
    expect(await s.driver.isLiked(s.page, post)).toBe(true);
    expect(await s.driver.isLiked(s.page, other)).toBe(false);

    const text = `Well said, ${person!.name.split(' ')[0]}: thanks for sharing (${Date.now()})`;
    expect(await s.driver.hasComment(s.page, post, text)).toBe(false);
    await s.driver.comment(s.page, post, text);
    expect(await s.driver.hasComment(s.page, post, text)).toBe(true);
    expect(await s.driver.hasComment(s.page, post, `${text}!`)).toBe(false);

    const [again] = await s.driver.recentPosts(s.page, person!, 1);
    expect(again).toMatchObject({
      id: post.id,
      likedByMe: true,
      commentedByMe: true,
      likes: post.likes + 1,
      comments: post.comments + 1,
    });
    // Another account sees the counts, not the likes and comments as its own.
    const free = await signIn(site, 'free');
    const [theirs] = await free.driver.recentPosts(free.page, person!, 1);
    expect(theirs).toMatchObject({ likedByMe: false, commentedByMe: false, likes: post.likes + 1 });
    expect(await free.driver.isLiked(free.page, post)).toBe(false);
  });
});

describe('the LinkedIn flow driver: invitations', () => {
  it('invites with a note, shows it pending, and is refused a repeat or a connection', async () => {
    const s = await signIn(site);
    const me = site.world.owner.id;
    const firsts = firstDegree(site, me);
    const stranger = asPerson(site, visibleTo(me).filter((p) => !firsts.has(p.id))[0]!);
    const connection = asPerson(site, index.person([...firsts][0]!)!);
    expect(await s.driver.invitationState(s.page, stranger)).toBe('none');
    expect(await s.driver.invitationState(s.page, connection)).toBe('connected');

    expect(await s.driver.invite(s.page, stranger, 'Hi! I enjoyed your post on pipelines.')).toEqual({
      ok: true,
    });
    expect(await s.driver.invitationState(s.page, stranger)).toBe('pending');
    expect(await s.driver.pendingInvitations(s.page)).toContain(stranger.id);
    expect(await s.driver.invite(s.page, stranger)).toEqual({ ok: false, refusal: 'already-invited' });
    expect(await s.driver.invite(s.page, connection, 'Hello')).toEqual({
      ok: false,
      refusal: 'already-connected',
    });
    // A premium note: 300 characters pass, 301 do not.
    const next = visibleTo(me).filter((p) => !firsts.has(p.id));
    expect(await s.driver.invite(s.page, asPerson(site, next[1]!), 'p'.repeat(301))).toEqual({
      ok: false,
      refusal: 'note-too-long',
    });
    expect(await s.driver.invite(s.page, asPerson(site, next[1]!), 'p'.repeat(300))).toEqual({ ok: true });
  });

  it('holds a free account to 200-character notes and 5 notes a month', async () => {
    const s = await signIn(site, 'free');
    const me = s.session.accountId;
    const firsts = firstDegree(site, me);
    const people = visibleTo(me)
      .filter((p) => !firsts.has(p.id) && !p.isOwner)
      .slice(-12)
      .map((p) => asPerson(site, p));
    expect(await s.driver.invite(s.page, people[0]!, 'f'.repeat(201))).toEqual({
      ok: false,
      refusal: 'note-too-long',
    });
    expect(await s.driver.invite(s.page, people[0]!, 'f'.repeat(200))).toEqual({ ok: true });
    for (const p of people.slice(1, 5))
      expect(await s.driver.invite(s.page, p, 'Hello there')).toEqual({ ok: true });
    expect(await s.driver.invite(s.page, people[5]!, 'Hello there')).toEqual({
      ok: false,
      refusal: 'note-quota',
    });
    expect(await s.driver.invitationState(s.page, people[5]!)).toBe('none');
    expect(await s.driver.invite(s.page, people[5]!)).toEqual({ ok: true });
    expect(await s.driver.invitationState(s.page, people[5]!)).toBe('pending');
  });

  it('answers the weekly limit as a refusal at the 101st invitation', async () => {
    const own = await startSandboxSite({ platform: 'linkedin' });
    try {
      const s = await signIn(own);
      const firsts = firstDegree(own, own.world.owner.id);
      const people = own.world.people.filter((p) => !p.isOwner && !firsts.has(p.id)).slice(0, 101);
      for (const p of people.slice(0, 100))
        expect((await s.driver.invite(s.page, asPerson(own, p))).ok).toBe(true);
      expect(await s.driver.invite(s.page, asPerson(own, people[100]!))).toEqual({
        ok: false,
        refusal: 'weekly-limit',
      });
      expect(await s.driver.pendingInvitations(s.page)).toHaveLength(100);
    } finally {
      await own.stop();
    }
  });
});

describe('the LinkedIn flow driver: the clock, connections and replies', () => {
  it('sees invitations accepted and declined hours later, messages the new connections and reads replies', async () => {
    const own = await startSandboxSite({ platform: 'linkedin' });
    try {
      const s = await signIn(own);
      const me = own.world.owner.id;
      const firsts = firstDegree(own, me);
      const people = own.world.people
        .filter((p) => !p.isOwner && !p.hidden && !firsts.has(p.id))
        .slice(0, 30);
      const fate = (p: SandboxPerson) => invitationFate(own.world.seed, p.id).kind;
      for (const p of people) expect(await s.driver.invite(s.page, asPerson(own, p))).toEqual({ ok: true });
      const since = new Date(own.clock.now()).toISOString();
      expect((await s.driver.pendingInvitations(s.page)).sort()).toEqual(people.map((p) => p.id).sort());
      expect(await s.driver.connections(s.page, since)).toEqual([]);

      own.clock.advance(49 * HOUR);
      const accepted = people.filter((p) => fate(p) === 'accept');
      const declined = people.filter((p) => fate(p) === 'decline');
      const pending = people.filter((p) => fate(p) === 'pending');
      expect(accepted.length).toBeGreaterThan(0);
      expect(declined.length + pending.length).toBeGreaterThan(0);
      expect((await s.driver.pendingInvitations(s.page)).sort()).toEqual(pending.map((p) => p.id).sort());
      expect((await s.driver.connections(s.page, since)).sort()).toEqual(accepted.map((p) => p.id).sort());
      const all = await s.driver.connections(s.page);
      expect(all).toHaveLength(firsts.size + accepted.length);
      expect(await s.driver.invitationState(s.page, asPerson(own, accepted[0]!))).toBe('connected');
      if (declined[0])
        expect(await s.driver.invitationState(s.page, asPerson(own, declined[0]))).toBe('none');
      if (pending[0]) {
        expect(await s.driver.invitationState(s.page, asPerson(own, pending[0]))).toBe('pending');
        expect(await s.driver.message(s.page, asPerson(own, pending[0]), 'Hi')).toEqual({
          ok: false,
          refusal: 'not-connected',
        });
      }

      // Message new and old connections; about 30% of threads get a reply within a day.
      const targets = [...accepted, ...[...firsts].map((id) => indexWorld(own.world).person(id)!)];
      const replying = targets.find((p) => replyFate(own.world.seed, me, p.id))!;
      const silent = targets.find((p) => !replyFate(own.world.seed, me, p.id))!;
      for (const p of [replying, silent]) {
        const text = `Thanks for connecting, ${p.firstName}!`;
        expect(await s.driver.message(s.page, asPerson(own, p), text)).toEqual({ ok: true });
        expect(await s.driver.hasMessage(s.page, asPerson(own, p), text)).toBe(true);
        expect(await s.driver.hasMessage(s.page, asPerson(own, p), 'something else')).toBe(false);
        expect(await s.driver.replies(s.page, asPerson(own, p))).toEqual([]);
      }
      const sentAt = own.clock.now();
      own.clock.advance(25 * HOUR);
      const replies = await s.driver.replies(s.page, asPerson(own, replying));
      const expected = replyFate(own.world.seed, me, replying.id)!;
      expect(replies).toHaveLength(1);
      expect(replies[0]!.text).toBe(expected.text);
      expect(Date.parse(replies[0]!.at)).toBeGreaterThanOrEqual(sentAt + expected.afterMs - 1000);
      expect(await s.driver.replies(s.page, asPerson(own, silent))).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});

describe('the LinkedIn flow driver: failures', () => {
  it('stops with PlatformStop on a challenge, a rate limit and an ended session', async () => {
    const s = await signIn(site);
    const stranger = asPerson(site, visibleTo(site.world.owner.id).at(-1)!);
    try {
      site.setFailures({ token: s.token, challengeAfter: 0 });
      await expect(s.driver.search(s.page, NO_TARGETING)).rejects.toMatchObject({ reason: 'challenge' });
      await expect(s.driver.invite(s.page, stranger, 'Hi')).rejects.toMatchObject({ reason: 'challenge' });
      site.setFailures({ token: s.token, rateLimitAfter: 0 });
      const limited = await s.driver.invite(s.page, stranger).catch((e: unknown) => e);
      expect(limited).toBeInstanceOf(PlatformStop);
      expect((limited as PlatformStop).reason).toBe('rate-limited');
      site.setFailures({ token: s.token, expireAfter: 0 });
      await expect(s.driver.pendingInvitations(s.page)).rejects.toMatchObject({ reason: 'expired' });
    } finally {
      site.setFailures({ clear: true });
    }
    expect(
      await s.driver.invitationState(s.page, stranger).catch((e: unknown) => (e as PlatformStop).reason),
    ).toBe('expired');
  });
});
