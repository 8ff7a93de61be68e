import { describe, expect, it } from 'vitest';
import { listConnections } from '../../functions/connections/connection-repository';
import { budgetUsed } from '../../functions/safety/budget-repository';
import { periodsOf } from '../../functions/safety/governor';
import type { SandboxPerson, SandboxPost } from '../../scripts/sandbox-platforms';
import { geoIdOf } from '../../scripts/sandbox-platforms';
import { degreeLabel, postSharePath, searchPeople } from '../../scripts/sandbox-platforms/linkedin-api';
import { indexWorld, type WorldIndex } from '../../scripts/sandbox-platforms/world-index';
import { type Lead, SKILL_SEPARATOR } from '../../shared/leads';
import { RUN_TEXTS } from '../../shared/run-texts';
import type { TestUser } from '../support/api-client';
import {
  automationItem,
  runQueued,
  sandbox,
  startEngineSuite,
  startTrob,
  storedLeads,
} from '../support/engine-suite';
import { newUser } from '../support/users';

/**
 * The LinkedIn trobs end to end on the sandbox LinkedIn: each template is started through the API
 * with a real config, run by the real worker in real Chromium, and its stored leads are compared with
 * the sandbox world's own data (people, posts with their likers, reaction types and comments,
 * connections, companies with their followers and admins), never with a fixed count.
 */
startEngineSuite();

const LI = 'https://www.linkedin.com';
const exportSettings = { format: 'csv', skipDuplicates: false };

const world = () => sandbox.sites.linkedin.world;
let indexed: WorldIndex | undefined;
const index = () => {
  indexed ??= indexWorld(world());
  return indexed;
};
const person = (id: string) => index().person(id)!;
const base = () => sandbox.sites.linkedin.url;
const profileUrl = (p: SandboxPerson) => `${base()}/in/${p.handle}/`;
const byId = (leads: Lead[]) => new Map(leads.map((l) => [l.id, l]));
const ids = (items: Array<{ id: string }>) => items.map((i) => i.id).sort();

async function user(): Promise<TestUser> {
  return newUser({ connect: ['linkedin'], plan: 'PRO' });
}

/** Every page view and JSON call the sandbox LinkedIn has answered to a session so far. */
async function siteActions(): Promise<number> {
  const health = (await (await fetch(`${base()}/__sandbox/health`)).json()) as {
    actions?: Record<string, { actions: number }>;
  };
  return Object.values(health.actions ?? {}).reduce((sum, a) => sum + a.actions, 0);
}

/**
 * Starts the template for a fresh user, runs every message, answers the leads, the automation and how
 * many requests the run made to the sandbox LinkedIn (the tests run one at a time).
 */
async function run(templateId: string, config: Record<string, unknown>) {
  const ada = await user();
  const before = await siteActions();
  const automation = await startTrob(ada, templateId, config);
  await runQueued(ada.id);
  return {
    leads: await storedLeads(ada.id, automation.id),
    item: await automationItem(ada.id, automation.id),
    requests: (await siteActions()) - before,
    workspaceId: ada.id,
  };
}

interface Report {
  available?: number;
  found: number;
  stored: number;
  skipped: { hidden: number; filtered: number; duplicates: number };
  platformCap?: number;
  summary: string;
}
const reportOf = (item: Record<string, unknown>) => item.report as Report;

// ---------------------------------------------------------------------------------------------------

const POSTS = 'linkedin-post-leads-scraper';
const postConfig = (
  url: string,
  post: { extractionTypes?: string[]; reactionTypes?: string[] } = {},
  filtering: Record<string, unknown> = {},
) => ({
  postSettings: {
    linkedinPostUrl: url,
    extractionTypes: post.extractionTypes ?? ['likers', 'commenters'],
    reactionTypes: post.reactionTypes ?? [
      'LIKE',
      'PRAISE',
      'EMPATHY',
      'INTEREST',
      'APPRECIATION',
      'ENTERTAINMENT',
    ],
  },
  filteringSettings: { maxProfiles: 1000, headlineKeywords: [], includePostAuthor: false, ...filtering },
  exportSettings,
});

const shareUrl = (post: SandboxPost) => `${LI}${postSharePath(post, person(post.authorId))}`;
const updateUrl = (post: SandboxPost, kind = 'activity') => `${LI}/feed/update/urn:li:${kind}:${post.id}/`;

/**
 * The post's engagers as the world has them: likers with their reaction, commenters with their first
 * comment (its text, and its time as the lead's engagement has it).
 */
function engagers(post: SandboxPost) {
  const likers = post.likerIds.map((id, i) => ({ person: person(id), type: post.reactionTypes[i]! }));
  const firstComment = new Map<string, string>();
  const firstCommentAt = new Map<string, string>();
  for (const c of post.comments)
    if (!firstComment.has(c.authorId)) {
      firstComment.set(c.authorId, c.text);
      firstCommentAt.set(c.authorId, new Date(c.createdAt).toISOString());
    }
  return { likers, firstComment, firstCommentAt };
}

/** The owner's post where the most people both reacted and commented. */
function postWithOverlap(): SandboxPost {
  const scored = world()
    .posts.filter((p) => p.comments.length > 0)
    .map((p) => ({
      post: p,
      both: p.comments.filter((c) => p.likerIds.includes(c.authorId)).length,
      hiddenLikers: p.likerIds.filter((id) => person(id).hidden).length,
    }))
    .sort((a, b) => b.both - a.both || b.hiddenLikers - a.hiddenLikers);
  return scored[0]!.post;
}

describe('post leads scraper', () => {
  it('stores each liker and commenter once, with how each engaged (DECISIONS 26), from a share link', async () => {
    const post = postWithOverlap();
    const { likers, firstComment, firstCommentAt } = engagers(post);
    expect(post.comments.some((c) => post.likerIds.includes(c.authorId))).toBe(true);

    const { leads, item, requests } = await run(POSTS, postConfig(shareUrl(post)));
    // The landing page, then 10 comments and 10 reactions a page; a share link names the author.
    const pages = (n: number) => Math.max(1, Math.ceil(n / 10));
    expect(requests).toBe(1 + pages(post.comments.length) + pages(post.likerIds.length));

    const visibleLikers = likers.filter((l) => !l.person.hidden);
    const expected = new Set([...firstComment.keys(), ...visibleLikers.map((l) => l.person.id)]);
    expect(ids(leads)).toEqual([...expected].sort());
    expect(new Set(leads.map((l) => l.id)).size).toBe(leads.length);
    const stored = byId(leads);
    for (const [id, text] of firstComment) {
      const p = person(id);
      expect(stored.get(id)).toMatchObject({
        name: p.name,
        headline: p.headline,
        profileUrl: profileUrl(p),
      });
      expect(stored.get(id)?.engagement).toEqual({ type: 'commented', text, at: firstCommentAt.get(id) });
      // The comment is the engagement's, never the description.
      expect(stored.get(id)?.description).toBeUndefined();
    }
    for (const { person: p } of visibleLikers.filter((l) => !firstComment.has(l.person.id))) {
      expect(stored.get(p.id)).toMatchObject({
        name: p.name,
        headline: p.headline,
        profileUrl: profileUrl(p),
        connectionDegree: degreeLabel(index().distance(p.id)),
      });
      expect(stored.get(p.id)?.engagement).toEqual({ type: 'reacted' });
      expect(stored.get(p.id)?.description).toBeUndefined();
    }
    // A hidden liker who did not comment is hidden; one who commented is listed by the comments.
    const hiddenOnly = likers.filter((l) => l.person.hidden && !firstComment.has(l.person.id));
    expect(item).toMatchObject({ status: 'completed', totalLeads: expected.size });
    expect(reportOf(item)).toMatchObject({
      stored: expected.size,
      found: expected.size + hiddenOnly.length,
      skipped: { hidden: hiddenOnly.length, filtered: 0, duplicates: 0 },
    });
  });

  it('keeps only likers with the chosen reaction types, from a /feed/update/ link', async () => {
    const post = postWithOverlap();
    const { likers } = engagers(post);
    const counts = new Map<string, number>();
    for (const l of likers.filter((x) => !x.person.hidden)) counts.set(l.type, (counts.get(l.type) ?? 0) + 1);
    const chosen = [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0)).slice(0, 2);
    expect(chosen.length).toBe(2);

    const { leads, item } = await run(
      POSTS,
      postConfig(updateUrl(post), { extractionTypes: ['likers'], reactionTypes: chosen }),
    );
    const visible = likers.filter((l) => !l.person.hidden);
    const kept = visible.filter((l) => chosen.includes(l.type));
    expect(ids(leads)).toEqual(kept.map((l) => l.person.id).sort());
    expect(kept.length).toBeLessThan(visible.length);
    expect(leads.every((l) => l.description === undefined)).toBe(true);
    expect(leads.every((l) => l.engagement?.type === 'reacted')).toBe(true);
    expect(reportOf(item).skipped).toEqual({
      hidden: likers.length - visible.length,
      filtered: visible.length - kept.length,
      duplicates: 0,
    });
  });

  it('collects commenters only (a ugcPost link), with a headline keyword filter on both sides', async () => {
    const post = postWithOverlap();
    const { firstComment } = engagers(post);
    const all = await run(POSTS, postConfig(updateUrl(post, 'ugcPost'), { extractionTypes: ['commenters'] }));
    expect(ids(all.leads)).toEqual([...firstComment.keys()].sort());
    for (const lead of all.leads) {
      expect(lead.engagement).toMatchObject({ type: 'commented', text: firstComment.get(lead.id) });
      expect(lead.description).toBeUndefined();
    }

    const keyword = (person([...firstComment.keys()][0]!).headline.split(/\s+/)[0] ?? '').toLowerCase();
    const filtered = await run(
      POSTS,
      postConfig(updateUrl(post), { extractionTypes: ['commenters'] }, { headlineKeywords: [keyword] }),
    );
    const matching = [...firstComment.keys()].filter((id) =>
      person(id).headline.toLowerCase().includes(keyword),
    );
    expect(ids(filtered.leads)).toEqual(matching.sort());
    expect(reportOf(filtered.item).skipped.filtered).toBe(firstComment.size - matching.length);
  });

  it('leaves the post’s author out unless includePostAuthor, whether they reacted or commented', async () => {
    // The world's authors never engage with their own posts: this test has one author react to and
    // comment on their post, on this suite's own sandbox, and takes it back afterwards.
    const post = world().posts.find(
      (p) => p.authorId !== world().owner.id && !person(p.authorId).hidden && p.likerIds.length > 0,
    )!;
    const author = person(post.authorId);
    expect(author.hidden).toBe(false);
    post.likerIds.push(author.id);
    post.reactionTypes.push('PRAISE');
    post.comments.push({
      id: '9000000000000000001',
      authorId: author.id,
      text: 'Thanks everyone for reading!',
      createdAt: '2026-01-14T12:00:00.000Z',
    });
    try {
      const { likers, firstComment } = engagers(post);
      const everyone = new Set([
        ...firstComment.keys(),
        ...likers.filter((l) => !l.person.hidden).map((l) => l.person.id),
      ]);

      // Both lists from a /feed/update/ link: the author's comment flags them.
      const off = await run(POSTS, postConfig(updateUrl(post)));
      everyone.delete(author.id);
      expect(ids(off.leads)).toEqual([...everyone].sort());
      expect(reportOf(off.item).skipped.filtered).toBe(1);

      const on = await run(POSTS, postConfig(updateUrl(post), {}, { includePostAuthor: true }));
      expect(ids(on.leads)).toEqual([...everyone, author.id].sort());
      expect(byId(on.leads).get(author.id)).toMatchObject({
        name: author.name,
        engagement: {
          type: 'commented',
          text: 'Thanks everyone for reading!',
          at: '2026-01-14T12:00:00.000Z',
        },
      });

      // Likers only from a /feed/update/ link: the post's own page names the author.
      const likersOff = await run(POSTS, postConfig(updateUrl(post), { extractionTypes: ['likers'] }));
      const visibleLikers = likers.filter((l) => !l.person.hidden).map((l) => l.person.id);
      expect(ids(likersOff.leads)).toEqual(visibleLikers.filter((id) => id !== author.id).sort());
      const likersOn = await run(
        POSTS,
        postConfig(updateUrl(post), { extractionTypes: ['likers'] }, { includePostAuthor: true }),
      );
      expect(ids(likersOn.leads)).toEqual([...visibleLikers].sort());

      // Likers only from a share link: the link's handle names the author.
      const shared = await run(POSTS, postConfig(shareUrl(post), { extractionTypes: ['likers'] }));
      expect(ids(shared.leads)).toEqual(visibleLikers.filter((id) => id !== author.id).sort());
    } finally {
      post.likerIds.pop();
      post.reactionTypes.pop();
      post.comments.pop();
    }
  });

  it('fails with the not-found message for a post LinkedIn does not have', async () => {
    const { item, leads } = await run(
      POSTS,
      postConfig(`${LI}/feed/update/urn:li:activity:1234567890123456789/`),
    );
    expect(leads).toEqual([]);
    expect(item).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.notFound('LinkedIn', 'LinkedIn has no such post'),
    });
  });
});

// ---------------------------------------------------------------------------------------------------

const PROFILES = 'linkedin-profile-collector';
const collectorConfig = (
  urls: string[],
  sections: string[],
  skipOutOfNetwork = false,
  maxProfiles = 100,
) => ({
  profileSettings: { profileUrls: urls, sections },
  filteringSettings: { maxProfiles, skipOutOfNetwork },
  exportSettings,
});

/** One visible person at each network distance, with skills, a website and an earlier position where possible. */
function collectorPeople(): SandboxPerson[] {
  const people = world().people.filter((p) => !p.isOwner && !p.hidden);
  const pick = (distance: number) =>
    people
      .filter((p) => index().distance(p.id) === distance)
      .sort((a, b) => Number(!!b.website) - Number(!!a.website) || b.skills.length - a.skills.length)[0]!;
  return [pick(1), pick(2), pick(3)];
}

describe('profile collector', () => {
  it('visits each URL once (repeats removed), saves the chosen sections and reports the unreachable one', async () => {
    const people = collectorPeople();
    const [first, second, third] = people as [SandboxPerson, SandboxPerson, SandboxPerson];
    const urls = [
      `${LI}/in/${first.handle}`,
      `${LI}/in/${second.handle}/`,
      `https://de.linkedin.com/in/${first.handle.toUpperCase()}/`,
      `${LI}/in/no-such-member-anywhere/`,
      `${LI}/in/${third.handle}/?originalSubdomain=uk`,
      `${LI}/in/${second.handle}`,
    ];
    const { leads, item, requests } = await run(
      PROFILES,
      collectorConfig(urls, ['about', 'experience', 'skills']),
    );
    // The landing page and one visit per distinct URL: the details came from those visits.
    expect(requests).toBe(1 + 4);

    expect(ids(leads)).toEqual(ids(people));
    const stored = byId(leads);
    for (const p of people) {
      const current = p.positions.find((pos) => !pos.end) ?? p.positions[0]!;
      const lead = stored.get(p.id)!;
      expect(lead).toMatchObject({
        name: p.name,
        headline: p.headline,
        location: p.location,
        profileUrl: profileUrl(p),
        connectionDegree: degreeLabel(index().distance(p.id)),
        description: p.bio,
        title: current.title,
        company: current.company,
      });
      expect(lead.skills).toBe(p.skills.length ? p.skills.join(SKILL_SEPARATOR) : undefined);
      expect(lead.website).toBe(p.website);
      expect(lead.enrichedAt).toBeTruthy();
    }
    expect(item).toMatchObject({
      status: 'completed',
      totalLeads: people.length,
      enrichment: { status: 'completed', enrichedCount: people.length, totalExpected: people.length },
    });
    expect(reportOf(item)).toMatchObject({
      available: 4,
      found: 4,
      stored: 3,
      skipped: { hidden: 1, filtered: 0, duplicates: 0 },
    });
  });

  it('skips 3rd-degree profiles when asked, and stores only the chosen sections', async () => {
    const people = collectorPeople();
    const urls = people.map((p) => `${LI}/in/${p.handle}/`);
    const inNetwork = people.filter((p) => index().distance(p.id) < 3);

    const aboutOnly = await run(PROFILES, collectorConfig(urls, ['about'], true));
    expect(ids(aboutOnly.leads)).toEqual(ids(inNetwork));
    for (const lead of aboutOnly.leads) {
      expect(lead.description).toBe(person(lead.id).bio);
      expect(lead).not.toHaveProperty('title');
      expect(lead).not.toHaveProperty('company');
      expect(lead).not.toHaveProperty('skills');
      expect(lead).not.toHaveProperty('enrichedAt');
    }
    expect(reportOf(aboutOnly.item).skipped).toEqual({ hidden: 0, filtered: 1, duplicates: 0 });
    expect(aboutOnly.item.enrichment).toBeUndefined();

    const skillsOnly = await run(PROFILES, collectorConfig(urls, ['skills'], false));
    expect(ids(skillsOnly.leads)).toEqual(ids(people));
    for (const lead of skillsOnly.leads) {
      const p = person(lead.id);
      expect(lead).not.toHaveProperty('description');
      expect(lead).not.toHaveProperty('title');
      expect(lead).not.toHaveProperty('company');
      expect(lead.skills).toBe(p.skills.length ? p.skills.join(SKILL_SEPARATOR) : undefined);
    }
    expect(reportOf(skillsOnly.item).skipped.filtered).toBe(0);

    const experienceOnly = await run(PROFILES, collectorConfig(urls, ['experience'], false, 2));
    expect(experienceOnly.leads).toHaveLength(2);
    for (const lead of experienceOnly.leads) {
      const p = person(lead.id);
      expect(lead).toMatchObject({ title: p.title, company: p.company });
      expect(lead).not.toHaveProperty('skills');
      expect(lead).not.toHaveProperty('description');
    }
  });
});

// ---------------------------------------------------------------------------------------------------

const SEARCH = 'linkedin-search-export';
const searchConfig = (search: Record<string, unknown>, filtering: Record<string, unknown> = {}) => ({
  searchSettings: { network: ['F', 'S', 'O'], locations: [], currentCompanies: [], ...search },
  filteringSettings: { maxProfiles: 1000, headlineKeywords: [], ...filtering },
  exportSettings,
});

const NETWORK: Record<string, number> = { F: 1, S: 2, O: 3 };

/** The search's results as the world has them, in list order. */
function searchResults(
  keywords: string,
  filters: { network?: string[]; location?: string; companyId?: string } = {},
): SandboxPerson[] {
  const distances = filters.network ? new Set(filters.network.map((n) => NETWORK[n])) : undefined;
  return searchPeople(index(), keywords).filter(
    (p) =>
      (!distances || distances.has(index().distance(p.id))) &&
      (!filters.location || geoIdOf(p.location) === geoIdOf(filters.location)) &&
      (!filters.companyId || p.companyId === filters.companyId),
  );
}

/** A word that starts many headlines: a search with a few dozen results. */
function commonWord(): string {
  const counts = new Map<string, number>();
  for (const p of world().people)
    for (const w of new Set(
      p.headline
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((x) => x.length > 3),
    ))
      counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()].filter(([, n]) => n >= 20 && n <= 80).sort((a, b) => b[1] - a[1])[0]![0];
}

describe('search export', () => {
  it('runs a boolean search and honours the network filter on both sides', async () => {
    const word = commonWord();
    const other = world()
      .people.find((p) => !p.isOwner)!
      .industry.split(' ')[0]!
      .toLowerCase();
    const keywords = `${word} OR "${other}" NOT zzzz`;

    const wide = await run(SEARCH, searchConfig({ keywords, network: ['S', 'O'] }));
    const expectedWide = searchResults(keywords, { network: ['S', 'O'] });
    const visibleWide = expectedWide.filter((p) => !p.hidden);
    expect(visibleWide.length).toBeGreaterThan(10);
    expect(ids(wide.leads)).toEqual(ids(visibleWide));
    const stored = byId(wide.leads);
    for (const p of visibleWide.slice(0, 15)) {
      expect(stored.get(p.id)).toMatchObject({
        name: p.name,
        headline: p.headline,
        location: p.location,
        profileUrl: profileUrl(p),
        connectionDegree: degreeLabel(index().distance(p.id)),
      });
    }
    expect(wide.leads.some((l) => l.connectionDegree === '1st')).toBe(false);
    expect(reportOf(wide.item)).toMatchObject({
      available: expectedWide.length,
      stored: visibleWide.length,
      skipped: { hidden: expectedWide.length - visibleWide.length, filtered: 0, duplicates: 0 },
    });

    const first = await run(SEARCH, searchConfig({ keywords, network: ['F'] }));
    const expectedFirst = searchResults(keywords, { network: ['F'] }).filter((p) => !p.hidden);
    expect(expectedFirst.length).toBeGreaterThan(0);
    expect(ids(first.leads)).toEqual(ids(expectedFirst));
    expect(first.leads.every((l) => l.connectionDegree === '1st')).toBe(true);
  });

  it('resolves locations and current companies through the typeahead', async () => {
    // A company with several employees, and the location most of them share.
    const companies = world().companies.map((c) => ({
      company: c,
      staff: world().people.filter((p) => !p.isOwner && p.companyId === c.id),
    }));
    const { company, staff } = companies.sort((a, b) => b.staff.length - a.staff.length)[0]!;
    const byPlace = new Map<string, number>();
    for (const p of staff) byPlace.set(p.location, (byPlace.get(p.location) ?? 0) + 1);
    const location = [...byPlace.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const keywords = company.name.split(' ')[0]!;

    const results = searchResults(keywords, { location, companyId: company.id });
    const expected = results.filter((p) => !p.hidden);
    expect(expected.length).toBeGreaterThan(0);
    const { leads, requests } = await run(
      SEARCH,
      searchConfig({ keywords, locations: [location], currentCompanies: [company.name] }),
    );
    expect(ids(leads)).toEqual(ids(expected));
    // The landing page, one typeahead per name, then the result pages.
    expect(requests).toBe(1 + 2 + Math.max(1, Math.ceil(results.length / 10)));
    expect(searchResults(keywords).filter((p) => !p.hidden).length).toBeGreaterThan(expected.length);

    const unknown = await run(SEARCH, searchConfig({ keywords, locations: ['Atlantis Under The Sea'] }));
    expect(unknown.item).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.notFound(
        'LinkedIn',
        "LinkedIn knows no location named 'Atlantis Under The Sea'",
      ),
    });
  });

  it('stops at maxProfiles with the first results in the list’s order', async () => {
    const keywords = commonWord();
    const visible = searchResults(keywords).filter((p) => !p.hidden);
    const max = Math.min(15, visible.length - 1);
    const { leads, item } = await run(SEARCH, searchConfig({ keywords }, { maxProfiles: max }));
    expect(ids(leads)).toEqual(ids(visible.slice(0, max)));
    expect(item).toMatchObject({ status: 'completed', totalLeads: max });
  });
});

// ---------------------------------------------------------------------------------------------------

const CONNECTIONS = 'linkedin-connections-export';
const connectionsConfig = (
  connection: { sortBy?: string; connectedAfter?: string } = {},
  filtering: Record<string, unknown> = {},
) => ({
  connectionSettings: { sortBy: 'recentlyAdded', connectedAfter: '', ...connection },
  filteringSettings: { maxProfiles: 5000, headlineKeywords: [], enrichProfiles: false, ...filtering },
  exportSettings,
});

const ownerConnections = () => world().connections[world().owner.id] ?? [];

describe('connections export', () => {
  it('exports every connection without visiting profiles when enrichment is off', async () => {
    const { leads, item } = await run(CONNECTIONS, connectionsConfig());
    const expected = ownerConnections().map((c) => person(c.personId));
    expect(ids(leads)).toEqual(ids(expected));
    const stored = byId(leads);
    for (const p of expected) {
      expect(stored.get(p.id)).toMatchObject({
        name: p.name,
        headline: p.headline,
        profileUrl: profileUrl(p),
        connectionDegree: '1st',
      });
      expect(stored.get(p.id)).not.toHaveProperty('enrichedAt');
      expect(stored.get(p.id)).not.toHaveProperty('title');
    }
    expect(item).toMatchObject({ status: 'completed', totalLeads: expected.length });
    expect(item.enrichment).toBeUndefined();
  });

  it('enriches each connection with title, company, skills and website from the profile', async () => {
    // Not a multiple of the five profile views taken at a time: the two taken and not used are given back.
    const max = 23;
    const { leads, item, workspaceId } = await run(
      CONNECTIONS,
      connectionsConfig({}, { enrichProfiles: true, maxProfiles: max }),
    );
    const expected = ownerConnections()
      .slice(0, max)
      .map((c) => person(c.personId));
    expect(ids(leads)).toEqual(ids(expected));
    const stored = byId(leads);
    for (const p of expected) {
      const current = p.positions.find((pos) => !pos.end) ?? p.positions[0]!;
      const lead = stored.get(p.id)!;
      expect(lead).toMatchObject({ title: current.title, company: current.company, description: p.bio });
      expect(lead.skills).toBe(p.skills.length ? p.skills.join(SKILL_SEPARATOR) : undefined);
      expect(lead.website).toBe(p.website);
      expect(lead.enrichedAt).toBeTruthy();
    }
    expect(item).toMatchObject({
      status: 'completed',
      totalLeads: max,
      progress: 100,
      enrichment: { status: 'completed', enrichedCount: max, totalExpected: max },
    });
    const connection = (await listConnections(workspaceId))[0]!;
    const views = await budgetUsed(
      { workspaceId, connectionId: connection.id },
      'profile-views',
      periodsOf(new Date()),
    );
    expect(views).toMatchObject({ daily: max, weekly: max });
  });

  it('keeps connections made on or after connectedAfter: the exact day in, the day after out', async () => {
    const all = ownerConnections();
    const pivot = all[Math.floor(all.length / 3)]!;
    const day = pivot.connectedAt.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const onOrAfter = (d: string) =>
      all.filter((c) => c.connectedAt >= `${d}T00:00:00`).map((c) => c.personId);

    const exact = await run(CONNECTIONS, connectionsConfig({ connectedAfter: day }));
    expect(ids(exact.leads)).toEqual(onOrAfter(day).sort());
    expect(exact.leads.map((l) => l.id)).toContain(pivot.personId);

    const after = await run(CONNECTIONS, connectionsConfig({ connectedAfter: next }));
    expect(ids(after.leads)).toEqual(onOrAfter(next).sort());
    expect(after.leads.map((l) => l.id)).not.toContain(pivot.personId);

    // In a name order the date is checked row by row: the same people.
    const byName = await run(CONNECTIONS, connectionsConfig({ sortBy: 'firstName', connectedAfter: day }));
    expect(ids(byName.leads)).toEqual(onOrAfter(day).sort());
    expect(reportOf(byName.item).skipped.filtered).toBe(all.length - onOrAfter(day).length);
  });
});

// ---------------------------------------------------------------------------------------------------

const FOLLOWERS = 'linkedin-follower-extractor';
const companyConfig = (slug: string) => ({
  targetSettings: { companyPageUrl: `${LI}/company/${slug}/` },
  filteringSettings: { maxProfiles: 1000, headlineKeywords: [], excludeOpenToWork: false },
  exportSettings,
});

describe('follower extractor on a company page', () => {
  it('exports the followers of a page the owner administers', async () => {
    const company = world().companies.find((c) => c.adminIds.includes(world().owner.id))!;
    const { leads, item } = await run(FOLLOWERS, companyConfig(company.slug));
    const expected = company.followers.map((f) => person(f.personId));
    expect(expected.length).toBeGreaterThan(50);
    expect(ids(leads)).toEqual(ids(expected));
    const stored = byId(leads);
    for (const p of expected.slice(0, 20)) {
      expect(stored.get(p.id)).toMatchObject({
        name: p.name,
        headline: p.headline,
        profileUrl: profileUrl(p),
      });
    }
    expect(item).toMatchObject({ status: 'completed', totalLeads: expected.length });
    expect(reportOf(item)).toMatchObject({ available: expected.length, stored: expected.length });
  });

  it('fails with a clear message on a page the owner does not administer', async () => {
    const company = world().companies.find(
      (c) => !c.adminIds.includes(world().owner.id) && c.followers.length,
    )!;
    const { leads, item } = await run(FOLLOWERS, companyConfig(company.slug));
    expect(leads).toEqual([]);
    expect(item).toMatchObject({
      status: 'failed',
      errorMessage: RUN_TEXTS.notFound('LinkedIn', 'LinkedIn shows a page’s followers to its admins only'),
    });
  });
});
