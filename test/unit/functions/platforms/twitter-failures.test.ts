import { describe, expect, it } from 'vitest';
import type { PageResponse } from '../../../../functions/platforms/browser';
import { PlatformStop } from '../../../../functions/platforms/driver-types';
import { packIds, unpackIds } from '../../../../functions/platforms/filters';
import { graphqlPath, TWITTER_API } from '../../../../functions/platforms/twitter/endpoints';
import { postIdOf } from '../../../../functions/platforms/twitter/engagers';
import { readFailure, twitterGraphql, wallReason } from '../../../../functions/platforms/twitter/graphql';

/** X's answers (platform-notes.md) read into the engine's PlatformStop reasons. */
const BASE = 'https://x.test';
const answer = (over: Partial<PageResponse>): PageResponse => ({
  status: 200,
  url: `${BASE}/i/api/graphql/abc/Followers`,
  contentType: 'application/json',
  headers: {},
  json: { data: {} },
  ...over,
});
const errors = (...codes: number[]) => ({ errors: codes.map((code) => ({ code, message: 'x' })) });

describe('X failures', () => {
  it('401 and code 32 are an expired session', () => {
    expect(readFailure(answer({ status: 401, json: errors(32) }))?.reason).toBe('expired');
    expect(readFailure(answer({ status: 401, json: undefined, text: '' }))?.reason).toBe('expired');
    expect(readFailure(answer({ status: 200, json: errors(32) }))?.reason).toBe('expired');
  });

  it('403 with code 326 is a challenge (locked account); a 403 without a body or with another code is expired', () => {
    expect(readFailure(answer({ status: 403, json: errors(326) }))?.reason).toBe('challenge');
    expect(readFailure(answer({ status: 403, json: undefined, text: '' }))?.reason).toBe('expired');
    expect(readFailure(answer({ status: 403, json: errors(353) }))?.reason).toBe('expired');
  });

  it('429 and code 88 are a rate limit until x-rate-limit-reset (unix seconds)', () => {
    const reset = 1_900_000_000;
    const stop = readFailure(
      answer({ status: 429, json: errors(88), headers: { 'x-rate-limit-reset': String(reset) } }),
    );
    expect(stop?.reason).toBe('rate-limited');
    expect(stop?.retryAt?.toISOString()).toBe(new Date(reset * 1000).toISOString());
    const bare = readFailure(answer({ status: 429, json: undefined, text: 'Rate limit exceeded' }));
    expect(bare?.reason).toBe('rate-limited');
    expect(bare?.retryAt).toBeUndefined();
    expect(readFailure(answer({ status: 200, json: errors(88) }))?.reason).toBe('rate-limited');
  });

  it('a stale query id or missing features (400) mean X changed', () => {
    expect(
      readFailure(answer({ status: 400, json: { errors: [{ message: 'Query not found' }] } }))?.reason,
    ).toBe('changed');
    expect(readFailure(answer({ status: 400, json: errors(336) }))?.reason).toBe('changed');
    expect(readFailure(answer({ status: 200, json: undefined, text: '<html>' }))?.reason).toBe('changed');
  });

  it('a redirect that ends at a wall is read from the final URL', () => {
    expect(
      readFailure(answer({ url: `${BASE}/account/access`, json: undefined, text: '<html>' }))?.reason,
    ).toBe('challenge');
    expect(readFailure(answer({ url: `${BASE}/i/flow/login?redirect=x`, json: undefined }))?.reason).toBe(
      'expired',
    );
    expect(wallReason(`${BASE}/login`)).toBe('expired');
    expect(wallReason(`${BASE}/home`)).toBeUndefined();
    expect(wallReason(`${BASE}/loginhelp_fan`)).toBeUndefined();
  });

  it('5xx is no PlatformStop: the request helper throws a plain error the engine retries', async () => {
    expect(readFailure(answer({ status: 503, json: undefined, text: 'down' }))).toBeUndefined();
    const page = {
      baseUrl: BASE,
      landedAt: `${BASE}/home`,
      landingStatus: 200,
      request: async () => answer({ status: 502, json: undefined, text: 'bad gateway' }),
      close: async () => undefined,
    };
    const error = await twitterGraphql(page, 'Followers', { userId: '1' }, 'ct0').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PlatformStop);
  });

  it('a good answer is no failure', () => {
    expect(readFailure(answer({}))).toBeUndefined();
  });
});

describe('X requests', () => {
  it('GraphQL paths carry the query id, the operation, JSON variables and features; headers the csrf pair', async () => {
    const path = graphqlPath('Followers', { userId: '42', count: 20 });
    const url = new URL(path, BASE);
    expect(url.pathname).toBe(`/i/api/graphql/${TWITTER_API.queryIds.Followers}/Followers`);
    expect(JSON.parse(url.searchParams.get('variables')!)).toEqual({ userId: '42', count: 20 });
    expect(JSON.parse(url.searchParams.get('features')!)).toMatchObject({
      view_counts_everywhere_api_enabled: true,
    });
    let sent: Record<string, string> = {};
    const page = {
      baseUrl: BASE,
      landedAt: `${BASE}/home`,
      landingStatus: 200,
      request: async (_path: string, init?: { headers?: Record<string, string> }) => {
        sent = init?.headers ?? {};
        return answer({});
      },
      close: async () => undefined,
    };
    await twitterGraphql(page, 'Followers', { userId: '42' }, 'csrf-value');
    expect(sent).toMatchObject({
      'x-csrf-token': 'csrf-value',
      'x-twitter-auth-type': 'OAuth2Session',
      'x-twitter-active-user': 'yes',
    });
    expect(sent.authorization).toMatch(/^Bearer AAAA/);
  });

  it('reads the post id of x.com, twitter.com and mobile links', () => {
    expect(postIdOf('https://x.com/someone/status/1800000000000000001')).toBe('1800000000000000001');
    expect(postIdOf('https://mobile.twitter.com/someone/status/123?s=20')).toBe('123');
    expect(postIdOf('https://x.com/someone')).toBeUndefined();
  });
});

describe('settled ids in a cursor', () => {
  it('round-trip digit ids (as base 36) and any other id', () => {
    const ids = ['3196888564022242572', '0', '59965168752', 'ACoAAB,x', '007'];
    const packed = packIds(ids);
    expect(packed.length).toBeLessThan(ids.join(',').length + 12);
    expect([...unpackIds(packed)].sort()).toEqual([...ids].sort());
    expect(unpackIds(undefined).size).toBe(0);
  });
});
