import { Rng } from './random';
import { type SandboxWords, sandboxProfileWords, sandboxWords } from './words';
import {
  DEFAULT_WORLD_SIZE,
  LINKEDIN_REACTION_TYPES,
  type LinkedInReactionType,
  MAX_WORLD_LIST,
  SANDBOX_EPOCH,
  type SandboxComment,
  type SandboxCompany,
  type SandboxCompanyBase,
  type SandboxCompanyExtras,
  type SandboxConnection,
  type SandboxEducation,
  type SandboxPerson,
  type SandboxPersonBase,
  type SandboxPersonExtras,
  type SandboxPlatform,
  type SandboxPosition,
  type SandboxPost,
  type SandboxPostBase,
  type SandboxPostExtras,
  type SandboxWorld,
  type SandboxWorldSize,
} from './world-types';

/**
 * What the world gained after it was pinned (world.test.ts): people's skills, websites, avatars,
 * hidden and verified flags, positions and schools; companies' followers and admins; posts' reaction
 * types, reposts, quotes and shortcodes; and the owner's lists resized (SANDBOX_FOLLOWERS,
 * SANDBOX_CONNECTIONS) with generated extra people appended after the pinned ones.
 *
 * None of it draws from the pinned world's stream: each person, company and post has a stream of its
 * own, seeded from the world seed and its id (streamSeed), and the extra people have one stream
 * together. So the pinned fields stay byte for byte what they were, whatever is added here.
 */

/** What generatePinnedWorld (world.ts) lends the extras: its person maker and helpers. */
export interface PersonFactory {
  makePerson(
    r: Rng,
    first: string,
    last: string,
    handle: string,
    isOwner: boolean,
    id?: string,
  ): SandboxPersonBase;
  makeId(r: Rng): string;
  /** Every handle taken so far (the owner's and the pinned people's). */
  handles: Set<string>;
  slugify(text: string): string;
  isoAgo(rng: Rng, maxDays: number, minDays?: number): string;
}

export interface PinnedWorld {
  platform: SandboxPlatform;
  seed: number;
  owner: SandboxPersonBase;
  people: SandboxPersonBase[];
  companies: SandboxCompanyBase[];
  posts: SandboxPostBase[];
  followers: Record<string, string[]>;
  following: Record<string, string[]>;
  connections: Record<string, SandboxConnection[]>;
  factory: PersonFactory;
}

/** FNV-1a over the parts: the seed of one person's, company's or post's own random stream. */
export function streamSeed(...parts: Array<string | number>): number {
  const text = parts.join(':');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Instagram's shortcode of a media id (/p/<shortcode>/): the id written in a base-64 alphabet. */
export function instagramShortcode(mediaId: string): string {
  let n = BigInt(mediaId);
  let out = '';
  while (n > 0n) {
    out = SHORTCODE_ALPHABET[Number(n % 64n)] + out;
    n /= 64n;
  }
  return out || 'A';
}

/** The media id of a shortcode, as open-source Instagram clients compute it; undefined if not one. */
export function instagramMediaId(shortcode: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(shortcode)) return undefined;
  let n = 0n;
  for (const ch of shortcode) n = n * 64n + BigInt(SHORTCODE_ALPHABET.indexOf(ch));
  return n.toString();
}

/** The avatar route of a person (served by every sandbox site without a session). */
export function avatarPath(id: string): string {
  return `/media/avatars/${encodeURIComponent(id)}.svg`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

function yearMonth(months: number): string {
  const year = Math.floor(months / 12);
  return `${year}-${String((months % 12) + 1).padStart(2, '0')}`;
}

const EPOCH_MONTHS = new Date(SANDBOX_EPOCH).getUTCFullYear() * 12 + new Date(SANDBOX_EPOCH).getUTCMonth();

/** Reaction types, weighted as people use them (most react with Like). */
const REACTION_WEIGHTS: ReadonlyArray<[LinkedInReactionType, number]> = [
  ['LIKE', 0.6],
  ['PRAISE', 0.12],
  ['EMPATHY', 0.1],
  ['INTEREST', 0.1],
  ['APPRECIATION', 0.05],
  ['ENTERTAINMENT', 0.03],
];

function pickReaction(r: Rng): LinkedInReactionType {
  let x = r.float();
  for (const [type, weight] of REACTION_WEIGHTS) {
    if (x < weight) return type;
    x -= weight;
  }
  return LINKEDIN_REACTION_TYPES[0];
}

function websiteOf(handle: string): string {
  const host = handle
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `https://${host}.example.com`;
}

/** One person's extras, from the person's own stream. Every draw happens, used or not. */
function personExtras(
  world: PinnedWorld,
  p: SandboxPersonBase,
  words: SandboxWords,
  companies: readonly SandboxCompanyBase[],
): SandboxPersonExtras {
  const r = new Rng(streamSeed(world.seed, world.platform, 'person', p.id));
  const profile = sandboxProfileWords();
  const skills = r.sample(profile.skills, r.int(0, 12));
  const hasWebsite = r.float() < 1 / 3;
  const hidden = r.float() < 0.03 && !p.isOwner;
  const verified = r.float() < 0.04;

  // The current position (the pinned title and company), then 0-2 earlier ones, each ending before
  // the next one starts.
  let start = EPOCH_MONTHS - r.int(3, 96);
  const positions: SandboxPosition[] = [
    {
      title: p.title,
      company: p.company,
      companyId: p.companyId,
      location: p.location,
      description: fill(r.pick(profile.positionDescriptions), {
        topic: r.pick(words.topics),
        company: p.company,
        industry: p.industry,
      }),
      start: yearMonth(start),
    },
  ];
  const earlier = r.int(0, 2);
  for (let i = 0; i < earlier; i++) {
    const company = r.pick(companies);
    const end = start - r.int(0, 4);
    const begin = end - r.int(10, 60);
    positions.push({
      title: r.pick(words.titles),
      company: company.name,
      companyId: company.id,
      location: company.location,
      description: fill(r.pick(profile.positionDescriptions), {
        topic: r.pick(words.topics),
        company: company.name,
        industry: company.industry,
      }),
      start: yearMonth(begin),
      end: yearMonth(end),
    });
    start = begin;
  }
  const educations: SandboxEducation[] = [];
  let lastYear = Math.floor(start / 12) - r.int(0, 2);
  const schools = r.int(0, 2);
  for (let i = 0; i < schools; i++) {
    const years = r.int(1, 5);
    educations.push({
      school: r.pick(profile.schools),
      degree: r.pick(profile.degrees),
      fieldOfStudy: r.pick(profile.fieldsOfStudy),
      startYear: lastYear - years,
      endYear: lastYear,
    });
    lastYear -= years;
  }
  return {
    skills,
    ...(hasWebsite ? { website: websiteOf(p.handle) } : {}),
    imageUrl: avatarPath(p.id),
    hidden,
    verified,
    positions,
    educations,
  };
}

function companyExtras(
  world: PinnedWorld,
  c: SandboxCompanyBase,
  pinnedOthers: readonly string[],
): SandboxCompanyExtras {
  const r = new Rng(streamSeed(world.seed, world.platform, 'company', c.id));
  const own = c.id === world.owner.companyId;
  const followers = r
    .sample(pinnedOthers, own ? r.int(60, 140) : r.int(3, 40))
    .map((personId) => ({ personId, followedAt: world.factory.isoAgo(r, 900) }))
    .sort((a, b) => b.followedAt.localeCompare(a.followedAt) || a.personId.localeCompare(b.personId));
  return { followers, adminIds: own ? [world.owner.id] : [] };
}

function postExtras(
  world: PinnedWorld,
  post: SandboxPostBase,
  pinnedOthers: readonly string[],
): SandboxPostExtras {
  const r = new Rng(streamSeed(world.seed, world.platform, 'post', post.id));
  const words = sandboxWords();
  const own = post.authorId === world.owner.id;
  const audience = pinnedOthers.filter((id) => id !== post.authorId);
  const reactionTypes = post.likerIds.map(() =>
    world.platform === 'linkedin' ? pickReaction(r) : LINKEDIN_REACTION_TYPES[0],
  );
  const repostIds = r.sample(audience, own ? r.int(5, 40) : r.int(0, 15));
  const quoteCount = own ? r.int(1, 5) : r.int(0, 4);
  const quotes: SandboxComment[] = [];
  if (world.platform === 'x')
    for (let i = 0; i < quoteCount; i++)
      quotes.push({
        id: r.digits(19),
        authorId: r.pick(audience),
        text: r.pick(words.comments),
        createdAt: new Date(Date.parse(post.createdAt) + r.int(120, 96 * 3600) * 1000).toISOString(),
      });
  quotes.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { shortcode: instagramShortcode(post.id), reactionTypes, repostIds, quotes };
}

/** A handle of a generated person, unique among all handles, in the platform's style. */
function extraHandle(world: PinnedWorld, r: Rng, first: string, last: string, n: number): string {
  const { handles, slugify } = world.factory;
  const f = slugify(first).replace(/-/g, '');
  const l = slugify(last).replace(/-/g, '');
  for (let attempt = 0; ; attempt++) {
    // After a few random tries the person's index goes into the suffix, which ends any run of clashes.
    const suffix = attempt < 6 ? String(r.int(1, 9999)) : `${n}${attempt}`;
    const handle =
      world.platform === 'linkedin'
        ? `${f}-${l}-${attempt < 6 ? r.chars(r.int(6, 8), '0123456789abcdef') : suffix}`
        : world.platform === 'x'
          ? `${`${f}${r.pick(['', '_'])}${l}`.slice(0, 15 - suffix.length)}${suffix}`
          : `${f}${r.pick(['.', '_', ''])}${l}${suffix}`;
    if (!handles.has(handle)) {
      handles.add(handle);
      return handle;
    }
  }
}

function checkSize(size: SandboxWorldSize): void {
  for (const [name, value] of Object.entries(size))
    if (!Number.isInteger(value) || value < 0 || value > MAX_WORLD_LIST)
      throw new Error(`The sandbox world's ${name} must be a whole number from 0 to ${MAX_WORLD_LIST}`);
}

/**
 * Resizes the owner's followers (and, on LinkedIn, connections): fewer keeps the first ones; more
 * appends generated people, each following the owner (and connected, up to the connections asked).
 * Extra person i is the same whatever the size: every extra draws the same values in the same order.
 */
function resize(world: PinnedWorld, size: SandboxWorldSize): void {
  const { owner, followers, following, connections, people, platform } = world;
  const ownerFollowers = followers[owner.id]!;
  for (const dropped of ownerFollowers.splice(size.followers))
    following[dropped] = following[dropped]!.filter((id) => id !== owner.id);
  const ownerConnections = connections[owner.id] ?? [];
  if (platform === 'linkedin')
    for (const dropped of ownerConnections.splice(size.connections))
      connections[dropped.personId] = connections[dropped.personId]!.filter((c) => c.personId !== owner.id);

  const moreFollowers = size.followers - ownerFollowers.length;
  const moreConnections = platform === 'linkedin' ? size.connections - ownerConnections.length : 0;
  const extra = Math.max(0, moreFollowers, moreConnections);
  if (extra === 0) return;
  const r = new Rng(streamSeed(world.seed, platform, 'extra-people'));
  const words = sandboxWords();
  const ids = new Set(people.map((p) => p.id));
  for (let i = 0; i < extra; i++) {
    const first = r.pick(words.firstNames);
    const last = r.pick(words.lastNames);
    const handle = extraHandle(world, r, first, last, i);
    let id = world.factory.makeId(r);
    while (ids.has(id)) id = world.factory.makeId(r);
    ids.add(id);
    const person = world.factory.makePerson(r, first, last, handle, false, id);
    const connectedAt = world.factory.isoAgo(r, 1500);
    people.push(person);
    followers[id] = [];
    following[id] = [];
    if (platform === 'linkedin') connections[id] = [];
    if (i < moreFollowers) {
      following[id]!.push(owner.id);
      ownerFollowers.push(id);
    }
    if (i < moreConnections) {
      ownerConnections.push({ personId: id, connectedAt });
      connections[id]!.push({ personId: owner.id, connectedAt });
    }
  }
  if (moreConnections > 0)
    ownerConnections.sort(
      (a, b) => b.connectedAt.localeCompare(a.connectedAt) || a.personId.localeCompare(b.personId),
    );
}

/** The pinned world, resized and with every extra: what generateWorld returns. */
export function completeWorld(world: PinnedWorld, seed: number, size: SandboxWorldSize): SandboxWorld {
  checkSize(size);
  const pinnedOthers = world.people.slice(1).map((p) => p.id);
  const words = sandboxWords();
  resize(world, size);
  const people = world.people.map((p) =>
    Object.assign(p, personExtras(world, p, words, world.companies)),
  ) as SandboxPerson[];
  const companies = world.companies.map((c) =>
    Object.assign(c, companyExtras(world, c, pinnedOthers)),
  ) as SandboxCompany[];
  const posts = world.posts.map((p) => Object.assign(p, postExtras(world, p, pinnedOthers))) as SandboxPost[];
  return {
    platform: world.platform,
    seed,
    owner: people[0]!,
    people,
    companies,
    posts,
    followers: world.followers,
    following: world.following,
    connections: world.connections,
    size: { ...size },
  };
}

function envInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0 || value > MAX_WORLD_LIST)
    throw new Error(`${name} must be a whole number from 0 to ${MAX_WORLD_LIST} (got "${raw}")`);
  return value;
}

/** SANDBOX_FOLLOWERS and SANDBOX_CONNECTIONS, or the pinned world's sizes. */
export function sandboxWorldSizeFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxWorldSize {
  return {
    followers: envInt(env, 'SANDBOX_FOLLOWERS') ?? DEFAULT_WORLD_SIZE.followers,
    connections: envInt(env, 'SANDBOX_CONNECTIONS') ?? DEFAULT_WORLD_SIZE.connections,
  };
}

/** LinkedIn stops search-based lists at about 1,000 results. */
export const DEFAULT_LIST_CAP = 1000;

/** SANDBOX_LIST_CAP: where LinkedIn's follower and people-search JSON stop (0: no cap). */
export function sandboxListCapFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return envInt(env, 'SANDBOX_LIST_CAP') ?? DEFAULT_LIST_CAP;
}
