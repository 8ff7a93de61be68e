import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mulberry32, Rng } from '../../../../scripts/sandbox-platforms/random';
import { sandboxWords } from '../../../../scripts/sandbox-platforms/words';
import { generateWorld } from '../../../../scripts/sandbox-platforms/world';
import {
  instagramMediaId,
  instagramShortcode,
  sandboxListCapFromEnv,
  sandboxWorldSizeFromEnv,
} from '../../../../scripts/sandbox-platforms/world-extras';
import {
  DEFAULT_WORLD_SIZE,
  SANDBOX_PLATFORMS,
  SANDBOX_SEED,
  type SandboxWorld,
} from '../../../../scripts/sandbox-platforms/world-types';

/** The fields the world had when it was pinned: the extras (world-extras.ts) come on top of them. */
const PINNED = {
  person: [
    'id',
    'memberId',
    'handle',
    'firstName',
    'lastName',
    'name',
    'headline',
    'bio',
    'title',
    'companyId',
    'company',
    'location',
    'industry',
    'email',
    'createdAt',
    'isOwner',
  ],
  company: ['id', 'slug', 'name', 'industry', 'location', 'employees'],
  post: ['id', 'authorId', 'text', 'createdAt', 'likerIds', 'comments'],
} as const;

function pick(value: object, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, (value as Record<string, unknown>)[k]]));
}

/** The world as it was pinned, its keys in their order, without anything added since. */
function pinnedView(world: SandboxWorld): unknown {
  return {
    platform: world.platform,
    seed: world.seed,
    owner: pick(world.owner, PINNED.person),
    people: world.people.map((p) => pick(p, PINNED.person)),
    companies: world.companies.map((c) => pick(c, PINNED.company)),
    posts: world.posts.map((p) => pick(p, PINNED.post)),
    followers: world.followers,
    following: world.following,
    connections: world.connections,
  };
}

const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * The sandbox world is seeded: tests, fixtures and people's notes name its people by id and handle.
 * A change to the generator, the random numbers or the word lists that moves anything fails here.
 */
describe('the seeded sandbox world', () => {
  it('is the same world, byte for byte, as it has always been', () => {
    const digests = Object.fromEntries(SANDBOX_PLATFORMS.map((p) => [p, sha(pinnedView(generateWorld(p)))]));
    expect(digests).toEqual({
      linkedin: 'aa29ce4faedb5767569e6e6ab06b102d29b5844693cce4ce6cffbe55e21553ca',
      x: 'af1e820ef7d4953d541b888f5d6606367494e635678d07acd3ab95bff538e5a7',
      instagram: '2b8ccbffbbca67f735427769239da6bce3fecab8c6167744070a4bd349a59c0a',
    });
  });

  it('pins the extras too (skills, websites, avatars, hidden people, positions, company followers, reactions, reposts, quotes)', () => {
    const digests = Object.fromEntries(SANDBOX_PLATFORMS.map((p) => [p, sha(generateWorld(p))]));
    expect(digests).toEqual({
      linkedin: '025b237a00c71e59c7121c79abf3364ee80c790fd063bccef9f3e40827b1e48f',
      x: 'cf3f965d60da5fb3a0584ba46bf3c4a70fa932da07398c9f7b307ac177c06017',
      instagram: '435fc9f3a2acf60aa406877eae5d84a16ad8dc510024071821b1bd23a42441a5',
    });
  });

  it('has the same owners and first people on every platform', () => {
    const linkedin = generateWorld('linkedin');
    expect(linkedin.owner).toMatchObject({
      id: 'ACoAAjUkwVPxpMCeOzDCs5B2me_bGHJzgDVMqWt',
      name: 'Sandra Box',
      handle: 'sandra-box',
      company: 'Nimbus Systems',
    });
    expect(linkedin.people[1]).toMatchObject({
      id: 'ACoAAuOShfgIHLqBqrPoa4TzobI3wDdihpXJXfi',
      name: 'Tomás Lewis',
      handle: 'tomas-lewis-8a2ede',
      title: 'CEO',
      company: 'Ironwood Group',
      location: 'Sydney, New South Wales, Australia',
      email: 'tomas.lewis.816@example.com',
      createdAt: '2017-12-28T13:35:28.000Z',
    });
    expect(linkedin.people[299]).toMatchObject({ name: 'Samuel Miller', handle: 'samuel-miller-25dbe7fb' });
    expect(linkedin.companies[0]).toMatchObject({
      id: '68540916',
      name: 'Tidal Group',
      industry: 'Alternative Fuel Vehicle Manufacturing',
    });
    expect(linkedin.posts[0]).toMatchObject({
      id: '5771766838096831887',
      text: 'Hot take: most advice about product-led growth is outdated. What actually worked for us at Nimbus Systems.',
      createdAt: '2026-01-14T07:23:37.000Z',
    });
    expect(linkedin.connections[linkedin.owner.id]).toHaveLength(120);

    const x = generateWorld('x');
    expect(x.owner).toMatchObject({
      id: '3196888564022242572',
      name: 'Xavier Box',
      handle: 'xavier_sandbox',
    });
    expect(x.people[1]).toMatchObject({
      id: '4903132883277307464',
      name: 'Isabella Nguyen',
      handle: 'isabella_nguyen',
    });

    const instagram = generateWorld('instagram');
    expect(instagram.owner).toMatchObject({ id: '59965168752', name: 'Ines Box', handle: 'ines.sandbox' });
    expect(instagram.people[1]).toMatchObject({
      id: '35275179835',
      name: 'Harper Perez',
      handle: 'harper.perez',
    });
  });

  it('depends on the seed, and on nothing else', () => {
    expect(generateWorld('linkedin')).toEqual(generateWorld('linkedin', SANDBOX_SEED));
    expect(generateWorld('linkedin', SANDBOX_SEED + 1).people[1]!.name).toBe('Elena Lee');
  });

  it('draws the same numbers from the same seed', () => {
    const next = mulberry32(1);
    expect([next(), next()]).toEqual([0.6270739405881613, 0.002735721180215478]);
    const rng = new Rng(SANDBOX_SEED);
    expect([
      rng.int(1, 6),
      rng.digits(5),
      rng.pick(['a', 'b', 'c']),
      rng.sample([1, 2, 3, 4], 2),
      rng.chars(6, 'abcdef'),
    ]).toEqual([3, '82058', 'b', [1, 2], 'bfffcf']);
  });

  it('reads its word lists from the data files', () => {
    const words = sandboxWords();
    expect(words.firstNames[0]).toBe('Olivia');
    expect(words.interests).toHaveLength(9);
    for (const list of Object.values(words)) expect(list.length).toBeGreaterThan(0);
  });
});

describe('the sandbox world extras', () => {
  it('gives every person skills, an avatar, flags and a current position; a few are hidden, never the owner', () => {
    for (const platform of SANDBOX_PLATFORMS) {
      const world = generateWorld(platform);
      expect(world.owner.hidden).toBe(false);
      for (const p of world.people) {
        expect(p.skills.length).toBeLessThanOrEqual(12);
        expect(new Set(p.skills).size).toBe(p.skills.length);
        expect(p.imageUrl).toBe(`/media/avatars/${encodeURIComponent(p.id)}.svg`);
        expect(p.positions[0]).toMatchObject({ title: p.title, company: p.company, companyId: p.companyId });
        expect(p.positions[0]!.end).toBeUndefined();
        for (const earlier of p.positions.slice(1)) expect(earlier.end! <= p.positions[0]!.start).toBe(true);
        if (p.website) expect(p.website).toMatch(/^https:\/\/[a-z0-9-]+\.example\.com$/);
      }
      const share = (f: (p: (typeof world.people)[number]) => boolean) =>
        world.people.filter(f).length / world.people.length;
      expect(share((p) => p.hidden)).toBeGreaterThan(0.01);
      expect(share((p) => p.hidden)).toBeLessThan(0.07);
      expect(share((p) => p.website !== undefined)).toBeGreaterThan(0.2);
      expect(share((p) => p.website !== undefined)).toBeLessThan(0.45);
      expect(share((p) => p.skills.length > 0)).toBeGreaterThan(0.8);
    }
  });

  it('makes the LinkedIn owner the admin of their own company page, which has followers', () => {
    const world = generateWorld('linkedin');
    const own = world.companies.find((c) => c.id === world.owner.companyId)!;
    expect(own.adminIds).toEqual([world.owner.id]);
    expect(own.followers.length).toBeGreaterThanOrEqual(60);
    expect(world.companies.filter((c) => c.adminIds.includes(world.owner.id))).toEqual([own]);
    const ids = new Set(world.people.map((p) => p.id));
    for (const f of own.followers) expect(ids.has(f.personId)).toBe(true);
  });

  it('gives posts reaction types, reposts, quotes (X) and a shortcode that is the id in base 64', () => {
    for (const platform of SANDBOX_PLATFORMS) {
      const world = generateWorld(platform);
      for (const post of world.posts) {
        expect(post.reactionTypes).toHaveLength(post.likerIds.length);
        expect(instagramMediaId(post.shortcode)).toBe(post.id);
        expect(post.repostIds).not.toContain(post.authorId);
        if (platform !== 'x') expect(post.quotes).toEqual([]);
      }
      if (platform === 'linkedin') expect(new Set(world.posts.flatMap((p) => p.reactionTypes)).size).toBe(6);
      if (platform === 'x') expect(world.posts.some((p) => p.quotes.length > 0)).toBe(true);
    }
    expect(instagramShortcode('3234567890123456789')).toBe('CzjflvMsYEV');
    expect(instagramMediaId('CzjflvMsYEV')).toBe('3234567890123456789');
    expect(instagramMediaId('not a code')).toBeUndefined();
  });
});

describe('the sandbox world size', () => {
  it('gives the owner 10,000 followers quickly, appending people after the pinned world', () => {
    for (const platform of SANDBOX_PLATFORMS) {
      const started = performance.now();
      const world = generateWorld(platform, SANDBOX_SEED, { followers: 10_000 });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeLessThan(2000);
      const pinned = generateWorld(platform);
      const followers = world.followers[world.owner.id]!;
      expect(followers).toHaveLength(10_000);
      expect(new Set(followers).size).toBe(10_000);
      expect(followers.slice(0, 200)).toEqual(pinned.followers[pinned.owner.id]);
      // The pinned people, companies and posts are untouched, and so is everyone's follow graph but the owner's followers.
      expect(world.people.slice(0, 300)).toEqual(pinned.people);
      expect(world.companies).toEqual(pinned.companies);
      expect(world.posts).toEqual(pinned.posts);
      for (const p of pinned.people) {
        expect(world.following[p.id]).toEqual(pinned.following[p.id]);
        if (!p.isOwner) expect(world.followers[p.id]).toEqual(pinned.followers[p.id]);
      }
      expect(new Set(world.people.map((p) => p.handle)).size).toBe(world.people.length);
      expect(new Set(world.people.map((p) => p.id)).size).toBe(world.people.length);
      for (const p of world.people.slice(300)) expect(world.following[p.id]).toEqual([world.owner.id]);
      if (platform === 'x') for (const p of world.people) expect(p.handle.length).toBeLessThanOrEqual(15);
    }
  });

  it('makes the same extra people whatever the size, and cuts the lists for smaller sizes', () => {
    const small = generateWorld('x', SANDBOX_SEED, { followers: 1000 });
    const large = generateWorld('x', SANDBOX_SEED, { followers: 3000 });
    expect(large.people.slice(0, small.people.length)).toEqual(small.people);

    const fewer = generateWorld('instagram', SANDBOX_SEED, { followers: 50 });
    const pinned = generateWorld('instagram');
    expect(fewer.followers[fewer.owner.id]).toEqual(pinned.followers[pinned.owner.id]!.slice(0, 50));
    for (const id of pinned.followers[pinned.owner.id]!.slice(50))
      expect(fewer.following[id]).not.toContain(fewer.owner.id);
  });

  it('grows and cuts the LinkedIn owner’s connections, both ways, most recent first', () => {
    const world = generateWorld('linkedin', SANDBOX_SEED, { connections: 700 });
    const own = world.connections[world.owner.id]!;
    expect(own).toHaveLength(700);
    expect([...own].sort((a, b) => b.connectedAt.localeCompare(a.connectedAt))).toEqual(own);
    for (const c of own)
      expect(world.connections[c.personId]!.map((x) => x.personId)).toContain(world.owner.id);
    expect(world.followers[world.owner.id]).toHaveLength(DEFAULT_WORLD_SIZE.followers);

    const fewer = generateWorld('linkedin', SANDBOX_SEED, { connections: 10 });
    const pinned = generateWorld('linkedin');
    expect(fewer.connections[fewer.owner.id]).toEqual(pinned.connections[pinned.owner.id]!.slice(0, 10));
    for (const c of pinned.connections[pinned.owner.id]!.slice(10))
      expect(fewer.connections[c.personId]!.map((x) => x.personId)).not.toContain(fewer.owner.id);
  });

  it('reads SANDBOX_FOLLOWERS, SANDBOX_CONNECTIONS and SANDBOX_LIST_CAP, and refuses nonsense', () => {
    expect(sandboxWorldSizeFromEnv({})).toEqual(DEFAULT_WORLD_SIZE);
    expect(sandboxWorldSizeFromEnv({ SANDBOX_FOLLOWERS: '10_000', SANDBOX_CONNECTIONS: '500' })).toEqual({
      followers: 10_000,
      connections: 500,
    });
    expect(sandboxListCapFromEnv({})).toBe(1000);
    expect(sandboxListCapFromEnv({ SANDBOX_LIST_CAP: '0' })).toBe(0);
    expect(() => sandboxWorldSizeFromEnv({ SANDBOX_FOLLOWERS: 'many' })).toThrow(/SANDBOX_FOLLOWERS/);
    expect(() => sandboxWorldSizeFromEnv({ SANDBOX_FOLLOWERS: '-1' })).toThrow(/SANDBOX_FOLLOWERS/);
    expect(() => generateWorld('x', SANDBOX_SEED, { followers: 1.5 })).toThrow(/followers/);
  });
});
