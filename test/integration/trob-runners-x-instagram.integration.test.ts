import { describe, expect, it } from 'vitest';
import { budgetUsed } from '../../functions/safety/budget-repository';
import { periodsOf } from '../../functions/safety/governor';
import type { SandboxPerson, SandboxPost, SandboxWorld } from '../../scripts/sandbox-platforms';
import { avatarDataUrl } from '../../scripts/sandbox-platforms/kit';
import type { Lead } from '../../shared/leads';
import { platformLabel } from '../../shared/platforms';
import { RUN_TEXTS } from '../../shared/run-texts';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  automationItem,
  currentJobItem,
  deliver,
  runQueued,
  sandbox,
  startEngineSuite,
  startTrob,
  storedLeads,
  takeRunMessages,
} from '../support/engine-suite';
import { newUser } from '../support/users';

/**
 * The X and Instagram drivers end to end: each of the four templates is started through the API with
 * a real config, run by the real worker in real Chromium against the sandbox X and Instagram, and its
 * stored leads are compared with the sandbox world's own data (people, followers, following, posts
 * with their likers, reposters, quotes and comments). Every filter is pinned on both sides.
 */
startEngineSuite();

const X_FOLLOWERS = 'twitter-followers-extractor';
const X_ENGAGERS = 'twitter-post-engagers';
const IG_FOLLOWERS = 'instagram-followers-extractor';
const IG_ENGAGERS = 'instagram-post-engagers';
const EXPORT = { format: 'csv', skipDuplicates: false };

type Site = 'x' | 'instagram';
const world = (site: Site): SandboxWorld => sandbox.sites[site].world;
const personOf = (site: Site, id: string): SandboxPerson => {
  const person = world(site).people.find((p) => p.id === id);
  if (!person) throw new Error(`no person ${id} in the ${site} world`);
  return person;
};
const followersOf = (site: Site, id: string) =>
  (world(site).followers[id] ?? []).map((f) => personOf(site, f));
const followingOf = (site: Site, id: string) =>
  (world(site).following[id] ?? []).map((f) => personOf(site, f));
const followerCount = (site: Site, id: string) => world(site).followers[id]?.length ?? 0;
const followingCount = (site: Site, id: string) => world(site).following[id]?.length ?? 0;
/** A time as the leads store it: ISO 8601 of the whole second X and Instagram give. */
const iso = (time: string) => new Date(Math.floor(Date.parse(time) / 1000) * 1000).toISOString();
const ownPosts = (site: Site) => world(site).posts.filter((p) => p.authorId === world(site).owner.id);
const ids = (people: readonly { id: string }[]) => [...new Set(people.map((p) => p.id))].sort();
const leadIds = (leads: readonly Lead[]) => leads.map((l) => l.id).sort();
const unique = (people: readonly SandboxPerson[]) => [...new Map(people.map((p) => [p.id, p])).values()];

async function user(site: Site): Promise<TestUser> {
  return newUser({ connect: [site === 'x' ? 'twitter' : 'instagram'], plan: 'PRO' });
}

/** Starts a trob, runs its queue dry, and answers the stored automation and leads. */
async function run(who: TestUser, templateId: string, config: Record<string, unknown>) {
  const automation = await startTrob(who, templateId, config);
  await runQueued(who.id);
  return {
    automation: await automationItem(who.id, automation.id),
    leads: await storedLeads(who.id, automation.id),
  };
}

/** What the user's one connected account spent today of an action's budget. */
async function spentToday(who: TestUser, action: string): Promise<number> {
  const platforms = (await api.get('/api/users/platforms', as(who))).body.data.platforms as Array<{
    id: string;
  }>;
  const account = { workspaceId: who.id, connectionId: platforms[0]!.id };
  return (await budgetUsed(account, action, periodsOf(new Date()))).daily;
}

/** A follower count held by some of `people` such that another holds exactly one less. */
function thresholdIn(site: Site, people: readonly SandboxPerson[]): number {
  const counts = new Set(people.map((p) => followerCount(site, p.id)));
  const sorted = [...counts].sort((a, b) => a - b);
  const middle = sorted.filter((c) => c > 0 && counts.has(c - 1));
  const pick = middle[Math.floor(middle.length / 2)];
  if (pick === undefined) throw new Error('no follower count with a neighbour one below');
  return pick;
}

/** A word of some but not all of `texts` (lower case, letters only, 4+ characters). */
function wordOfSome(texts: readonly string[], share = 0.5): string {
  const words = new Map<string, number>();
  for (const text of texts)
    for (const w of new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []))
      words.set(w, (words.get(w) ?? 0) + 1);
  const candidates = [...words].filter(([, n]) => n > 0 && n < texts.length).sort((a, b) => b[1] - a[1]);
  const target = Math.max(1, Math.round(texts.length * share));
  const best = candidates.sort((a, b) => Math.abs(a[1] - target) - Math.abs(b[1] - target))[0];
  if (!best) throw new Error('no word shared by some but not all texts');
  return best[0];
}

describe('X followers extractor', () => {
  const xFollowers = (filtering: Record<string, unknown>, target: Record<string, unknown> = {}) => ({
    targetSettings: { username: `@${world('x').owner.handle}`, listType: 'followers', ...target },
    filteringSettings: {
      maxProfiles: 5000,
      minFollowers: 0,
      bioKeywords: [],
      verifiedOnly: false,
      excludeProtected: true,
      ...filtering,
    },
    exportSettings: EXPORT,
  });

  it('stores every follower but the protected ones, with the list’s bio, location, website, counts, flags and handle', async () => {
    const ada = await user('x');
    const { automation, leads } = await run(ada, X_FOLLOWERS, xFollowers({}));
    const all = followersOf('x', world('x').owner.id);
    const visible = all.filter((p) => !p.hidden);
    const protectedOnes = all.filter((p) => p.hidden);
    expect(protectedOnes.length).toBeGreaterThan(0);
    expect(leadIds(leads)).toEqual(ids(visible));

    const base = sandbox.sites.x.url;
    for (const person of visible) {
      const lead = leads.find((l) => l.id === person.id)!;
      expect(lead).toMatchObject({
        name: person.name,
        description: person.bio,
        location: person.location,
        profileUrl: `${base}/${person.handle}`,
        profileImage: avatarDataUrl(person),
        handle: person.handle,
        followersCount: followerCount('x', person.id),
        followingCount: followingCount('x', person.id),
        verified: person.verified,
        isPrivate: false,
      });
      // DECISIONS 26: nothing folded into a headline X does not have.
      expect(lead.headline).toBeUndefined();
      expect(lead.engagement).toBeUndefined();
      if (person.website) expect(lead.website).toBe(person.website);
      else expect(lead.website).toBeUndefined();
    }
    expect(automation).toMatchObject({ status: 'completed', progress: 100, totalLeads: visible.length });
    expect(automation.report).toMatchObject({
      available: all.length,
      found: all.length,
      stored: visible.length,
      skipped: { hidden: protectedOnes.length, filtered: 0, duplicates: 0 },
    });
  });

  it('keeps protected accounts as ordinary leads when "Skip protected accounts" is off', async () => {
    const ada = await user('x');
    const { automation, leads } = await run(ada, X_FOLLOWERS, xFollowers({ excludeProtected: false }));
    const all = followersOf('x', world('x').owner.id);
    expect(leadIds(leads)).toEqual(ids(all));
    const locked = all.find((p) => p.hidden)!;
    expect(leads.find((l) => l.id === locked.id)).toMatchObject({ name: locked.name });
    expect(leads.find((l) => l.id === locked.id)).toMatchObject({ isPrivate: true, handle: locked.handle });
    expect((automation.report as { skipped: { hidden: number } }).skipped.hidden).toBe(0);
  });

  it('verified only keeps exactly the verified accounts', async () => {
    const ada = await user('x');
    const { automation, leads } = await run(
      ada,
      X_FOLLOWERS,
      xFollowers({ verifiedOnly: true, excludeProtected: false }),
    );
    const all = followersOf('x', world('x').owner.id);
    const verified = all.filter((p) => p.verified);
    expect(verified.length).toBeGreaterThan(0);
    expect(leadIds(leads)).toEqual(ids(verified));
    expect((automation.report as { skipped: { filtered: number } }).skipped.filtered).toBe(
      all.length - verified.length,
    );
  });

  it('minimum followers keeps an account at the threshold and leaves out one a follower short', async () => {
    const ada = await user('x');
    const visible = followersOf('x', world('x').owner.id).filter((p) => !p.hidden);
    const min = thresholdIn('x', visible);
    const { leads } = await run(ada, X_FOLLOWERS, xFollowers({ minFollowers: min }));
    const expected = visible.filter((p) => followerCount('x', p.id) >= min);
    expect(leadIds(leads)).toEqual(ids(expected));
    const atThreshold = visible.find((p) => followerCount('x', p.id) === min)!;
    const oneShort = visible.find((p) => followerCount('x', p.id) === min - 1)!;
    expect(leadIds(leads)).toContain(atThreshold.id);
    expect(leadIds(leads)).not.toContain(oneShort.id);
  });

  it('bio keywords keep the accounts whose bio has one of them (any case)', async () => {
    const ada = await user('x');
    const visible = followersOf('x', world('x').owner.id).filter((p) => !p.hidden);
    const keyword = wordOfSome(
      visible.map((p) => p.bio),
      0.2,
    );
    const { leads } = await run(ada, X_FOLLOWERS, xFollowers({ bioKeywords: [keyword.toUpperCase()] }));
    const expected = visible.filter((p) => p.bio.toLowerCase().includes(keyword));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(visible.length);
    expect(leadIds(leads)).toEqual(ids(expected));
  });

  it('reads the accounts another account follows, in list order, up to maxProfiles', async () => {
    const ada = await user('x');
    const target = followersOf('x', world('x').owner.id).find(
      (p) => !p.hidden && (world('x').following[p.id]?.length ?? 0) > 25,
    )!;
    const { automation, leads } = await run(
      ada,
      X_FOLLOWERS,
      xFollowers({ maxProfiles: 25 }, { username: target.handle, listType: 'following' }),
    );
    const expected = followingOf('x', target.id)
      .filter((p) => !p.hidden)
      .slice(0, 25);
    expect(leadIds(leads)).toEqual(ids(expected));
    expect(automation).toMatchObject({ status: 'completed', totalLeads: 25 });
  });

  it('fails as not found for a handle X does not know', async () => {
    const ada = await user('x');
    const { automation, leads } = await run(ada, X_FOLLOWERS, xFollowers({}, { username: 'nobody_here_42' }));
    expect(leads).toEqual([]);
    expect(automation).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.notFound(platformLabel('twitter'), 'X has no account @nobody_here_42'),
    });
  });

  it('waits until X’s rate window resets (x-rate-limit-reset) after a 429, with stage waiting', async () => {
    const ada = await user('x');
    const site = sandbox.sites.x;
    site.setFailures({ rateLimitAfter: 2 });
    let automation: Record<string, unknown>;
    const before = Date.now();
    try {
      ({ automation } = await run(ada, X_FOLLOWERS, xFollowers({})));
    } finally {
      site.setFailures({ clear: true });
    }
    expect(automation).toMatchObject({ status: 'running', stage: 'waiting' });
    const wait = Date.parse(String(automation.waitUntil)) - before;
    // X's window (15 minutes), not the hours-long rest of a platform that gives no reset time.
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  });
});

describe('X post engagers', () => {
  const xPost = (post: SandboxPost) =>
    `https://x.com/${personOf('x', post.authorId).handle}/status/${post.id}`;
  const xEngagers = (post: SandboxPost, types: string[], filtering: Record<string, unknown> = {}) => ({
    postSettings: { postUrl: xPost(post), extractionTypes: types },
    filteringSettings: { maxProfiles: 2000, minFollowers: 0, excludeProtected: true, ...filtering },
    exportSettings: EXPORT,
  });
  /** The engagers of a post in the driver's order: repliers, quoters, reposters, likers. */
  const engagers = (post: SandboxPost, types: readonly string[], ownPost: boolean) =>
    unique(
      [
        ...(types.includes('repliers') ? post.comments.map((c) => c.authorId) : []),
        ...(types.includes('quoters') ? post.quotes.map((q) => q.authorId) : []),
        ...(types.includes('retweeters') ? post.repostIds : []),
        ...(types.includes('likers') && ownPost ? post.likerIds : []),
      ].map((id) => personOf('x', id)),
    );
  const ALL = ['retweeters', 'quoters', 'repliers', 'likers'];

  it('stores every replier, quoter, reposter and liker of the account’s own post once, with how each engaged', async () => {
    const ada = await user('x');
    const post = ownPosts('x').find(
      (p) => p.quotes.length > 0 && p.comments.length > 0 && p.repostIds.length > 0,
    )!;
    const { automation, leads } = await run(ada, X_ENGAGERS, xEngagers(post, ALL));
    const expected = engagers(post, ALL, true).filter((p) => !p.hidden);
    const ways = [
      ...post.comments.map((c) => c.authorId),
      ...post.quotes.map((q) => q.authorId),
      ...post.repostIds,
      ...post.likerIds,
    ];
    expect(ways.length).toBeGreaterThan(new Set(ways).size);
    expect(leadIds(leads)).toEqual(ids(expected));
    expect(new Set(leads.map((l) => l.id)).size).toBe(leads.length);
    expect(automation).toMatchObject({ status: 'completed', totalLeads: expected.length });
    // Stored once each: the report counts no one twice although many engaged in several ways.
    expect((automation.report as { stored: number }).stored).toBe(expected.length);

    for (const person of expected) {
      const lead = leads.find((l) => l.id === person.id)!;
      expect(lead).toMatchObject({
        name: person.name,
        description: person.bio,
        handle: person.handle,
        followersCount: followerCount('x', person.id),
        followingCount: followingCount('x', person.id),
        verified: person.verified,
      });
      expect(lead.headline).toBeUndefined();
      const reply = post.comments.find((c) => c.authorId === person.id);
      const quote = post.quotes.find((q) => q.authorId === person.id);
      // A reply is a comment (DECISIONS 26), with its text and time, as a quote is.
      if (reply)
        expect(lead.engagement).toEqual({ type: 'commented', text: reply.text, at: iso(reply.createdAt) });
      else if (quote)
        expect(lead.engagement).toEqual({ type: 'quoted', text: quote.text, at: iso(quote.createdAt) });
      else if (post.repostIds.includes(person.id)) expect(lead.engagement).toEqual({ type: 'reposted' });
      else expect(lead.engagement).toEqual({ type: 'liked' });
    }
    // The API answers the leads as stored, these fields included.
    const answered = await api.get(`/api/automation/leads/${String(automation.id)}?limit=1000`, as(ada));
    expect(answered.status).toBe(200);
    const byId = (list: readonly Lead[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    // (The stored items also hold their table keys, which the API leaves out.)
    expect(byId(leads)).toMatchObject(byId(answered.body.data.leads as Lead[]));
  });

  it('lists no likers of someone else’s post (likes are private on X), its reposters still', async () => {
    const ada = await user('x');
    const post = world('x').posts.find(
      (p) => p.authorId !== world('x').owner.id && p.likerIds.length > 0 && p.repostIds.length > 0,
    )!;
    const { automation, leads } = await run(ada, X_ENGAGERS, xEngagers(post, ['retweeters', 'likers']));
    const expected = engagers(post, ['retweeters', 'likers'], false).filter((p) => !p.hidden);
    expect(leadIds(leads)).toEqual(ids(expected));
    expect(automation.status).toBe('completed');
  });

  it('minimum followers and protected accounts: at the threshold kept, one short left out, protected kept when asked', async () => {
    const ada = await user('x');
    const post = ownPosts('x')[0]!;
    const everyone = engagers(post, ALL, true);
    const min = thresholdIn('x', everyone);
    const { leads } = await run(
      ada,
      X_ENGAGERS,
      xEngagers(post, ALL, { minFollowers: min, excludeProtected: false }),
    );
    const expected = everyone.filter((p) => followerCount('x', p.id) >= min);
    expect(leadIds(leads)).toEqual(ids(expected));
    expect(leadIds(leads)).toContain(everyone.find((p) => followerCount('x', p.id) === min)!.id);
    expect(leadIds(leads)).not.toContain(everyone.find((p) => followerCount('x', p.id) === min - 1)!.id);
  });
});

describe('Instagram followers extractor', () => {
  const igFollowers = (filtering: Record<string, unknown>, target: Record<string, unknown> = {}) => ({
    targetSettings: { username: world('instagram').owner.handle, listType: 'followers', ...target },
    filteringSettings: {
      maxProfiles: 2000,
      bioKeywords: [],
      includeBio: false,
      verifiedOnly: false,
      excludePrivate: false,
      ...filtering,
    },
    exportSettings: EXPORT,
  });

  it('stores every follower, private ones as ordinary leads, with username, name, picture and flags', async () => {
    const ada = await user('instagram');
    const { automation, leads } = await run(ada, IG_FOLLOWERS, igFollowers({}));
    const all = followersOf('instagram', world('instagram').owner.id);
    expect(all.some((p) => p.hidden)).toBe(true);
    expect(leadIds(leads)).toEqual(ids(all));
    const base = sandbox.sites.instagram.url;
    for (const person of all) {
      const lead = leads.find((l) => l.id === person.id)!;
      expect(lead).toMatchObject({
        name: person.name,
        profileUrl: `${base}/${person.handle}/`,
        profileImage: avatarDataUrl(person),
        handle: person.handle,
        verified: person.verified,
        isPrivate: person.hidden,
      });
      // No headline is made up; no bio and no counts without "Collect bios": the list shows neither.
      expect(lead.headline).toBeUndefined();
      expect(lead.description).toBeUndefined();
      expect(lead.followersCount).toBeUndefined();
      expect(lead.followingCount).toBeUndefined();
    }
    expect(automation).toMatchObject({ status: 'completed', totalLeads: all.length });
    expect(automation.report).toMatchObject({ available: all.length, stored: all.length });
  });

  it('skip private and verified only keep exactly the verified public accounts', async () => {
    const ada = await user('instagram');
    const { automation, leads } = await run(
      ada,
      IG_FOLLOWERS,
      igFollowers({ excludePrivate: true, verifiedOnly: true }),
    );
    const all = followersOf('instagram', world('instagram').owner.id);
    const expected = all.filter((p) => p.verified && !p.hidden);
    expect(expected.length).toBeGreaterThan(0);
    expect(leadIds(leads)).toEqual(ids(expected));
    const hidden = all.filter((p) => p.hidden).length;
    expect(automation.report).toMatchObject({
      skipped: { hidden, filtered: all.length - hidden - expected.length, duplicates: 0 },
    });
  });

  it('collects bios, websites and counts by visiting each stored account’s profile', async () => {
    const ada = await user('instagram');
    const { automation, leads } = await run(
      ada,
      IG_FOLLOWERS,
      igFollowers({ includeBio: true, maxProfiles: 20 }, { listType: 'following' }),
    );
    const expected = followingOf('instagram', world('instagram').owner.id).slice(0, 20);
    expect(leadIds(leads)).toEqual(ids(expected));
    for (const person of expected) {
      const lead = leads.find((l) => l.id === person.id)!;
      expect(lead).toMatchObject({
        description: person.bio,
        handle: person.handle,
        followersCount: followerCount('instagram', person.id),
        followingCount: followingCount('instagram', person.id),
        verified: person.verified,
        isPrivate: person.hidden,
      });
      expect(lead.headline).toBeUndefined();
      expect(lead.enrichedAt).toBeTruthy();
      if (person.website) expect(lead.website).toBe(person.website);
    }
    expect(automation).toMatchObject({
      status: 'completed',
      enrichment: { status: 'completed', enrichedCount: 20, totalExpected: 20 },
    });
    // Two list pages of 12, then one profile view per stored lead.
    expect(await spentToday(ada, 'list-pages')).toBe(2);
    expect(await spentToday(ada, 'profile-views')).toBe(20);
  });

  it('bio keywords (with bios collected) keep exactly the accounts whose bio has one of them', async () => {
    const ada = await user('instagram');
    // A public account with a short follower list: every listed account is a profile visit.
    const target = world('instagram').people.find((p) => {
      const n = followerCount('instagram', p.id);
      return !p.hidden && !p.isOwner && n >= 12 && n <= 30;
    })!;
    const listed = followersOf('instagram', target.id);
    const keyword = wordOfSome(listed.map((p) => p.bio));
    const { automation, leads } = await run(
      ada,
      IG_FOLLOWERS,
      igFollowers({ includeBio: true, bioKeywords: [keyword] }, { username: `@${target.handle}` }),
    );
    const expected = listed.filter((p) => p.bio.toLowerCase().includes(keyword));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(listed.length);
    expect(leadIds(leads)).toEqual(ids(expected));
    for (const person of expected)
      expect(leads.find((l) => l.id === person.id)?.description).toBe(person.bio);
    expect(automation).toMatchObject({ status: 'completed' });
    expect((automation.report as { skipped: { filtered: number } }).skipped.filtered).toBe(
      listed.length - expected.length,
    );
    // Each list page takes a list read, each listed account a profile view: the bio is on the profile.
    expect(await spentToday(ada, 'list-pages')).toBe(Math.ceil(listed.length / 12));
    expect(await spentToday(ada, 'profile-views')).toBe(listed.length);
  });

  it('pauses on an Instagram challenge with the leads so far', async () => {
    const ada = await user('instagram');
    const site = sandbox.sites.instagram;
    // The landing page, the profile lookup and two list pages pass; the next page meets the challenge.
    site.setFailures({ challengeAfter: 4 });
    let outcome: Awaited<ReturnType<typeof run>>;
    try {
      outcome = await run(ada, IG_FOLLOWERS, igFollowers({}));
    } finally {
      site.setFailures({ clear: true });
    }
    expect(outcome.automation).toMatchObject({
      status: 'paused',
      errorMessage: RUN_TEXTS.challenge(platformLabel('instagram')),
    });
    expect(outcome.leads.length).toBeGreaterThan(0);
    expect(outcome.automation.totalLeads).toBe(outcome.leads.length);
  });
});

describe('Instagram post engagers', () => {
  const igPost = (post: SandboxPost) => `https://www.instagram.com/p/${post.shortcode}/`;
  const igEngagers = (post: SandboxPost, types: string[], filtering: Record<string, unknown> = {}) => ({
    postSettings: { instagramPostUrl: igPost(post), extractionTypes: types },
    filteringSettings: { maxProfiles: 1000, commentKeywords: [], excludePrivate: false, ...filtering },
    exportSettings: EXPORT,
  });

  it('stores every liker and commenter once; commenters with their comment and its time', async () => {
    const ada = await user('instagram');
    const post = ownPosts('instagram').find((p) => p.comments.length > 5)!;
    const { automation, leads } = await run(ada, IG_ENGAGERS, igEngagers(post, ['likers', 'commenters']));
    const expected = unique(
      [...post.comments.map((c) => c.authorId), ...post.likerIds].map((id) => personOf('instagram', id)),
    );
    expect(leadIds(leads)).toEqual(ids(expected));
    expect(automation).toMatchObject({ status: 'completed', totalLeads: expected.length });
    expect((automation.report as { stored: number }).stored).toBe(expected.length);
    for (const person of expected) {
      const lead = leads.find((l) => l.id === person.id)!;
      const comment = post.comments.find((c) => c.authorId === person.id);
      expect(lead).toMatchObject({
        handle: person.handle,
        verified: person.verified,
        isPrivate: person.hidden,
      });
      // The comment is the engagement's (DECISIONS 26), never the description or a headline.
      expect(lead.headline).toBeUndefined();
      expect(lead.description).toBeUndefined();
      if (comment)
        expect(lead.engagement).toEqual({
          type: 'commented',
          text: comment.text.trim(),
          at: iso(comment.createdAt),
        });
      else expect(lead.engagement).toEqual({ type: 'liked' });
    }
  });

  it('comment keywords keep only the matching commenters; likers are not affected', async () => {
    const ada = await user('instagram');
    // A post where someone who liked also commented without the keyword.
    const found = ownPosts('instagram')
      .map((post) => {
        const texts = post.comments.map((c) => c.text);
        if (texts.length < 3) return undefined;
        const keyword = wordOfSome(texts, 0.3);
        const likedWithout = post.comments.find(
          (c) => !c.text.toLowerCase().includes(keyword) && post.likerIds.includes(c.authorId),
        );
        return likedWithout ? { post, keyword } : undefined;
      })
      .find(Boolean);
    const { post, keyword } = found!;
    const { automation, leads } = await run(
      ada,
      IG_ENGAGERS,
      igEngagers(post, ['commenters', 'likers'], { commentKeywords: [keyword] }),
    );
    const matching = post.comments
      .filter((c) => c.text.toLowerCase().includes(keyword))
      .map((c) => c.authorId);
    expect(matching.length).toBeGreaterThan(0);
    const expected = unique([...matching, ...post.likerIds].map((id) => personOf('instagram', id)));
    expect(leadIds(leads)).toEqual(ids(expected));
    const onlyOther = post.comments.filter(
      (c) => !matching.includes(c.authorId) && !post.likerIds.includes(c.authorId),
    );
    for (const c of onlyOther) expect(leadIds(leads)).not.toContain(c.authorId);
    for (const c of post.comments.filter(
      (c) => !matching.includes(c.authorId) && post.likerIds.includes(c.authorId),
    ))
      expect(leads.find((l) => l.id === c.authorId)?.engagement).toEqual({ type: 'liked' });
    expect(automation.status).toBe('completed');
  });

  it('skip private leaves out private commenters and likers', async () => {
    const ada = await user('instagram');
    const post = ownPosts('instagram').find((p) =>
      [...p.likerIds, ...p.comments.map((c) => c.authorId)].some((id) => personOf('instagram', id).hidden),
    )!;
    const { automation, leads } = await run(
      ada,
      IG_ENGAGERS,
      igEngagers(post, ['commenters', 'likers'], { excludePrivate: true }),
    );
    const everyone = unique(
      [...post.comments.map((c) => c.authorId), ...post.likerIds].map((id) => personOf('instagram', id)),
    );
    const privateOnes = everyone.filter((p) => p.hidden);
    expect(privateOnes.length).toBeGreaterThan(0);
    expect(leadIds(leads)).toEqual(ids(everyone.filter((p) => !p.hidden)));
    expect((automation.report as { skipped: { hidden: number } }).skipped.hidden).toBe(privateOnes.length);
  });
});

// Every answer is slowed and each segment has a second or two: 15 s on a quiet machine, twice that while
// other files share the cores.
describe('post engagers over several segments', { timeout: 90_000 }, () => {
  /**
   * Each invocation starts with a second or two left against the engine's 45 s margin and every answer
   * is slowed, so the job hands over to a new message every page or few: the people settled travel in
   * the cursor, and no one is listed (or counted) twice.
   */
  async function runInShortSegments(
    who: TestUser,
    site: Site,
    templateId: string,
    config: Record<string, unknown>,
    timing: { slowMs: number; remainingMs: number },
  ) {
    const automation = await startTrob(who, templateId, config);
    sandbox.sites[site].setFailures({ slowMs: timing.slowMs });
    try {
      for (let round = 0; round < 80; round++) {
        const messages = await takeRunMessages(who.id);
        if (messages.length === 0) break;
        for (const message of messages) await deliver(message, { remainingMs: timing.remainingMs });
      }
    } finally {
      sandbox.sites[site].setFailures({ clear: true });
    }
    return {
      automation: await automationItem(who.id, automation.id),
      job: await currentJobItem(who.id, automation.id),
      leads: await storedLeads(who.id, automation.id),
    };
  }

  it('X: every engager once, with the first way they engaged, across segments', async () => {
    const ada = await user('x');
    const post = [...ownPosts('x')].sort((a, b) => b.likerIds.length - a.likerIds.length)[0]!;
    const config = {
      postSettings: {
        postUrl: `https://x.com/${world('x').owner.handle}/status/${post.id}`,
        extractionTypes: ['retweeters', 'quoters', 'repliers', 'likers'],
      },
      filteringSettings: { maxProfiles: 2000, minFollowers: 0, excludeProtected: false },
      exportSettings: EXPORT,
    };
    const { automation, job, leads } = await runInShortSegments(ada, 'x', X_ENGAGERS, config, {
      slowMs: 200,
      remainingMs: 47_000,
    });
    const expected = unique(
      [
        ...post.comments.map((c) => c.authorId),
        ...post.quotes.map((q) => q.authorId),
        ...post.repostIds,
        ...post.likerIds,
      ].map((id) => personOf('x', id)),
    );
    expect(Number(job.segment)).toBeGreaterThan(0);
    expect(automation).toMatchObject({ status: 'completed', totalLeads: expected.length });
    expect((automation.report as { stored: number; found: number }).stored).toBe(expected.length);
    expect((automation.report as { found: number }).found).toBe(expected.length);
    expect(leadIds(leads)).toEqual(ids(expected));
    for (const c of post.comments) {
      const first = post.comments.find((x) => x.authorId === c.authorId)!;
      expect(leads.find((l) => l.id === c.authorId)?.engagement).toMatchObject({
        type: 'commented',
        text: first.text,
      });
    }
  });

  it('Instagram: a commenter who also liked keeps the comment across segments', async () => {
    const ada = await user('instagram');
    const post = ownPosts('instagram').find((p) => p.comments.some((c) => p.likerIds.includes(c.authorId)))!;
    const config = {
      postSettings: {
        instagramPostUrl: `https://www.instagram.com/p/${post.shortcode}/`,
        extractionTypes: ['likers', 'commenters'],
      },
      filteringSettings: { maxProfiles: 1000, commentKeywords: [], excludePrivate: false },
      exportSettings: EXPORT,
    };
    const { automation, job, leads } = await runInShortSegments(ada, 'instagram', IG_ENGAGERS, config, {
      // The landing page fits in the 1.5 s left, the comments page does not: the likers come next segment.
      slowMs: 1000,
      remainingMs: 46_500,
    });
    const expected = unique(
      [...post.comments.map((c) => c.authorId), ...post.likerIds].map((id) => personOf('instagram', id)),
    );
    expect(Number(job.segment)).toBeGreaterThan(0);
    expect(automation).toMatchObject({ status: 'completed', totalLeads: expected.length });
    expect((automation.report as { stored: number }).stored).toBe(expected.length);
    expect(leadIds(leads)).toEqual(ids(expected));
    for (const c of post.comments.filter((c) => post.likerIds.includes(c.authorId)))
      expect(leads.find((l) => l.id === c.authorId)?.engagement?.type).toBe('commented');
  });
});
