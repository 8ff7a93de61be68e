import { Md5 as SdkMd5, Sha256 as SdkSha256 } from '@smithy/core/checksum';
import MnemonistLRUCache from 'mnemonist/lru-cache';
import { describe, expect, it } from 'vitest';
import LRUCache from '../../../../../functions/core/clients/lru-cache';
import { Md5, Sha256 } from '../../../../../functions/core/clients/native-checksums';
import {
  EventStreamSerde,
  eventStreamSerdeProvider,
} from '../../../../../functions/core/clients/no-event-streams';

/**
 * The modules the Lambda bundles take in place of parts of the AWS SDK (BUNDLE_ALIASES in
 * lib/constructs/app-function.ts) behave as the parts they replace.
 */
describe('lru-cache (for mnemonist/lru-cache)', () => {
  it('makes the same choices as mnemonist over a long run of mixed calls', () => {
    const ours = new LRUCache<string, number>(8);
    const theirs = new MnemonistLRUCache<string, number>(8);
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 5000; i++) {
      const key = `k${next() % 20}`;
      switch (next() % 5) {
        case 0:
        case 1:
          ours.set(key, i);
          theirs.set(key, i);
          break;
        case 2:
          expect(ours.get(key)).toBe(theirs.get(key));
          break;
        case 3:
          expect(ours.peek(key)).toBe(theirs.peek(key));
          break;
        default:
          expect(ours.has(key)).toBe(theirs.has(key));
      }
      expect(ours.size).toBe(theirs.size);
    }
    ours.clear();
    theirs.clear();
    expect(ours.size).toBe(theirs.size);
  });

  it('refuses a capacity that is not positive, as mnemonist does', () => {
    expect(() => new LRUCache(0)).toThrow();
    expect(() => new MnemonistLRUCache(0)).toThrow();
  });
});

describe('native-checksums (for @smithy/core/checksum)', () => {
  const inputs = ['', 'héllo wörld', new Uint8Array([0, 1, 2, 255]), new Uint16Array([1, 65535]).subarray(1)];

  it.each(inputs.map((input) => [input]))('hashes %o as the SDK does (SHA-256, HMAC, MD5)', async (input) => {
    // The SDK types its update narrower than it accepts; both take strings and any byte view.
    const digest = async (hash: { update(data: never): void; digest(): Promise<Uint8Array> }) => {
      const update = hash.update.bind(hash) as (data: unknown) => void;
      update(input);
      update('tail');
      return Buffer.from(await hash.digest()).toString('hex');
    };
    expect(await digest(new Sha256())).toBe(await digest(new SdkSha256()));
    expect(await digest(new Sha256('key'))).toBe(await digest(new SdkSha256('key')));
    expect(await digest(new Sha256(new Uint8Array([9, 8])))).toBe(
      await digest(new SdkSha256(new Uint8Array([9, 8]))),
    );
    expect(await digest(new Md5())).toBe(await digest(new SdkMd5()));
  });

  it('can digest a plain hash twice and reset, and refuses to update a finished HMAC', async () => {
    const hash = new Sha256();
    hash.update('a');
    const first = await hash.digest();
    hash.update('b');
    expect(await hash.digest()).not.toEqual(first);
    hash.reset();
    hash.update('a');
    expect(await hash.digest()).toEqual(first);
    const hmac = new Sha256('key');
    await hmac.digest();
    expect(() => hmac.update('more')).toThrow('Attempted to update an already finished hash.');
  });
});

describe('no-event-streams (for @smithy/core/event-streams)', () => {
  it('fails loudly if an SDK client ever reaches for event streams', () => {
    expect(() => new EventStreamSerde()).toThrow(/event streams are not bundled/);
    expect(() => eventStreamSerdeProvider()).toThrow(/event streams are not bundled/);
  });
});
