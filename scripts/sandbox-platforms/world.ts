import { Rng } from './random';
import { linkedInIndustries, sandboxWords } from './words';
import { completeWorld, type PinnedWorld } from './world-extras';
import {
  DEFAULT_WORLD_SIZE,
  SANDBOX_EPOCH,
  SANDBOX_OWNERS,
  SANDBOX_SEED,
  SANDBOX_SIZES,
  type SandboxCompanyBase,
  type SandboxConnection,
  type SandboxPersonBase,
  type SandboxPlatform,
  type SandboxPostBase,
  type SandboxWorld,
  type SandboxWorldSize,
} from './world-types';

/**
 * Builds one platform's seeded world (its shape and settings in world-types.ts, its words in
 * words.ts, its random numbers from random.ts). The order of every random draw is part of the world:
 * the same platform and seed give the same world, byte for byte (test/unit/scripts/sandbox-platforms/world.test.ts).
 */

/** Each platform's world has a seed of its own: the seed plus its step times a prime. Never renumber. */
const SEED_STEP: Readonly<Record<SandboxPlatform, number>> = { linkedin: 0, x: 1, instagram: 2 };

export function isoAgo(rng: Rng, maxDays: number, minDays = 0): string {
  const ms = rng.int(minDays * 86_400, maxDays * 86_400) * 1000;
  return new Date(SANDBOX_EPOCH - ms).toISOString();
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * Generates one platform's world. Pure: the same platform, seed and size always give the same world.
 * The default size is the pinned world (world.test.ts); a size asks for more or fewer followers and
 * connections of the owner (world-extras.ts), leaving everything else of the pinned world as it is.
 */
export function generateWorld(
  platform: SandboxPlatform,
  seed = SANDBOX_SEED,
  size: Partial<SandboxWorldSize> = {},
): SandboxWorld {
  const pinned = generatePinnedWorld(platform, seed);
  return completeWorld(pinned, seed, { ...DEFAULT_WORLD_SIZE, ...size });
}

/** The pinned world: every draw of the main stream, in the order it has always had. */
function generatePinnedWorld(platform: SandboxPlatform, seed: number): PinnedWorld {
  const rng = new Rng(seed + SEED_STEP[platform] * 7919);
  const words = sandboxWords();
  const industries = rng.sample(linkedInIndustries(), 24);

  const companies: SandboxCompanyBase[] = [];
  const companyNames = new Set<string>();
  while (companies.length < SANDBOX_SIZES.companies) {
    const name = `${rng.pick(words.companyPrefixes)} ${rng.pick(words.companySuffixes)}`;
    if (companyNames.has(name)) continue;
    companyNames.add(name);
    companies.push({
      id: rng.digits(8),
      slug: slugify(name),
      name,
      industry: rng.pick(industries),
      location: rng.pick(words.locations),
      employees: rng.pick([8, 25, 60, 140, 320, 900, 2400, 12000]),
    });
  }

  const handles = new Set<string>();
  const makeHandle = (r: Rng, first: string, last: string): string => {
    for (;;) {
      const f = slugify(first).replace(/-/g, '');
      const l = slugify(last).replace(/-/g, '');
      const handle =
        platform === 'linkedin'
          ? `${f}-${l}-${r.chars(r.int(6, 8), '0123456789abcdef')}`
          : platform === 'x'
            ? `${f}${r.pick(['', '_'])}${l}${r.pick(['', String(r.int(1, 99))])}`.slice(0, 15)
            : `${f}${r.pick(['.', '_', ''])}${l}${r.pick(['', String(r.int(1, 999))])}`;
      if (!handles.has(handle)) {
        handles.add(handle);
        return handle;
      }
    }
  };
  const makeId = (r: Rng): string =>
    platform === 'linkedin'
      ? `ACoAA${r.chars(34, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')}`
      : platform === 'x'
        ? r.digits(19)
        : r.digits(11);

  // Draws from the stream it is given, in a fixed order: the main stream for the pinned people, the
  // extra people's own stream for the generated ones (world-extras.ts).
  const makePerson = (
    r: Rng,
    first: string,
    last: string,
    handle: string,
    isOwner: boolean,
    id?: string,
  ): SandboxPersonBase => {
    const company = r.pick(companies);
    const title = r.pick(words.titles);
    const personId = id ?? makeId(r);
    const name = `${first} ${last}`;
    const interest = r.pick(words.interests);
    const topic = r.pick(words.topics);
    const headline = `${title} at ${company.name}${r.float() < 0.4 ? ` | ${topic}` : ''}`;
    const bio =
      platform === 'linkedin'
        ? `I help teams in ${company.industry.toLowerCase()} with ${topic}. Previously at ${r.pick(companies).name}.`
        : platform === 'x'
          ? `${title} @${company.slug.replace(/-/g, '')}. Writing about ${topic}. ${interest} on weekends.`
          : `${title} · ${company.name} · ${interest} lover · ${r.pick(words.locations).split(',')[0]}`;
    return {
      id: personId,
      memberId: platform === 'linkedin' ? r.digits(9) : personId,
      handle,
      firstName: first,
      lastName: last,
      name,
      headline,
      bio,
      title,
      companyId: company.id,
      company: company.name,
      location: r.pick(words.locations),
      industry: company.industry,
      email: `${slugify(first)}.${slugify(last)}.${r.digits(3)}@example.com`,
      createdAt: isoAgo(r, 4000, 200),
      isOwner,
    };
  };

  const ownerSpec = SANDBOX_OWNERS[platform];
  handles.add(ownerSpec.handle);
  const owner = makePerson(rng, ownerSpec.firstName, ownerSpec.lastName, ownerSpec.handle, true);
  owner.email = `${platform}-owner@sandbox.trobly.local`;
  const people: SandboxPersonBase[] = [owner];
  while (people.length < SANDBOX_SIZES.people) {
    const first = rng.pick(words.firstNames);
    const last = rng.pick(words.lastNames);
    people.push(makePerson(rng, first, last, makeHandle(rng, first, last), false));
  }
  const others = people.slice(1).map((p) => p.id);

  // Follow graph: exactly ownerFollowers people follow the owner; everyone else follows 5-30 others.
  const following: Record<string, string[]> = {};
  const followers: Record<string, string[]> = {};
  for (const p of people) {
    following[p.id] = [];
    followers[p.id] = [];
  }
  following[owner.id] = rng.sample(others, SANDBOX_SIZES.ownerFollowing);
  const ownerFollowers = new Set(rng.sample(others, SANDBOX_SIZES.ownerFollowers));
  for (const id of others) {
    const picks = rng.sample(
      others.filter((o) => o !== id),
      rng.int(5, 30),
    );
    following[id] = ownerFollowers.has(id) ? [owner.id, ...picks] : picks;
  }
  for (const [id, follows] of Object.entries(following))
    for (const target of follows) followers[target]!.push(id);

  // LinkedIn 1st-degree connections: symmetric, with the owner's most recent first.
  const connections: Record<string, SandboxConnection[]> = {};
  if (platform === 'linkedin') {
    const edges = new Map<string, Map<string, string>>();
    const link = (a: string, b: string, at: string) => {
      if (a === b || edges.get(a)?.has(b)) return;
      if (!edges.has(a)) edges.set(a, new Map());
      if (!edges.has(b)) edges.set(b, new Map());
      edges.get(a)!.set(b, at);
      edges.get(b)!.set(a, at);
    };
    for (const id of rng.sample(others, SANDBOX_SIZES.ownerConnections))
      link(owner.id, id, isoAgo(rng, 1500));
    for (const id of others)
      for (const other of rng.sample(others, rng.int(2, 8))) link(id, other, isoAgo(rng, 2500));
    for (const p of people) {
      connections[p.id] = [...(edges.get(p.id) ?? new Map<string, string>())]
        .map(([personId, connectedAt]) => ({ personId, connectedAt }))
        .sort((a, b) => b.connectedAt.localeCompare(a.connectedAt) || a.personId.localeCompare(b.personId));
    }
  }

  const byId = new Map(people.map((p) => [p.id, p]));
  const posts: SandboxPostBase[] = [];
  for (let i = 0; i < SANDBOX_SIZES.posts; i++) {
    const isOwnerPost = i < SANDBOX_SIZES.ownerPosts;
    const author = isOwnerPost ? owner : byId.get(rng.pick(others))!;
    const audience = others.filter((id) => id !== author.id);
    const createdAt = isoAgo(rng, 90);
    const comments = rng.sample(audience, isOwnerPost ? rng.int(3, 12) : rng.int(0, 8)).map((authorId) => ({
      id: rng.digits(19),
      authorId,
      text: rng.pick(words.comments),
      createdAt: new Date(Date.parse(createdAt) + rng.int(60, 72 * 3600) * 1000).toISOString(),
    }));
    posts.push({
      id: rng.digits(19),
      authorId: author.id,
      text: fill(rng.pick(words.postTemplates), {
        topic: rng.pick(words.topics),
        company: author.company,
        industry: author.industry,
      }),
      createdAt,
      likerIds: rng.sample(audience, isOwnerPost ? rng.int(20, 80) : rng.int(3, 60)),
      comments: comments.sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    });
  }
  posts.sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return {
    platform,
    seed,
    owner,
    people,
    companies,
    posts,
    followers,
    following,
    connections,
    factory: { makePerson, makeId, handles, slugify, isoAgo },
  };
}
