import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mulberry32, Rng } from '../../../../scripts/sandbox-platforms/random';
import { sandboxWords } from '../../../../scripts/sandbox-platforms/words';
import { generateWorld } from '../../../../scripts/sandbox-platforms/world';
import { SANDBOX_PLATFORMS, SANDBOX_SEED } from '../../../../scripts/sandbox-platforms/world-types';

/**
 * The sandbox world is seeded: tests, fixtures and people's notes name its people by id and handle.
 * A change to the generator, the random numbers or the word lists that moves anything fails here.
 */
describe('the seeded sandbox world', () => {
  it('is the same world, byte for byte, as it has always been', () => {
    const digests = Object.fromEntries(
      SANDBOX_PLATFORMS.map((p) => [
        p,
        createHash('sha256')
          .update(JSON.stringify(generateWorld(p)))
          .digest('hex'),
      ]),
    );
    expect(digests).toEqual({
      linkedin: 'aa29ce4faedb5767569e6e6ab06b102d29b5844693cce4ce6cffbe55e21553ca',
      x: 'af1e820ef7d4953d541b888f5d6606367494e635678d07acd3ab95bff538e5a7',
      instagram: '2b8ccbffbbca67f735427769239da6bce3fecab8c6167744070a4bd349a59c0a',
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
