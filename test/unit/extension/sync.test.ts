import { describe, expect, it } from 'vitest';
import { createApiClient, type Pairing, type PairingStore } from '../../../web/extension/src/api';
import type { BrowserCookie } from '../../../web/extension/src/platforms';
import {
  createSyncer,
  type KeyValueStore,
  type PlatformStatus,
  sentKey,
  statusKey,
  UNCHANGED_WINDOW_MS,
} from '../../../web/extension/src/sync';

const SANDBOX = 'http://127.0.0.1/';

function setup(options: { paired?: boolean; answer?: (body: unknown) => Response } = {}) {
  let now = 1_800_000_000_000;
  const data = new Map<string, unknown>();
  const store: KeyValueStore = {
    get: async <T>(key: string) => data.get(key) as T | undefined,
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    remove: async (keys) => {
      for (const key of keys) data.delete(key);
    },
  };
  let pairingValue: Pairing | undefined =
    options.paired === false
      ? undefined
      : {
          apiOrigin: 'http://localhost:3000',
          accessToken: 'access',
          refreshToken: 'refresh',
          accessExpiresAt: now + 30 * 24 * 3_600_000,
          userId: 'user-1',
          pairedAt: now,
        };
  const pairing: PairingStore = {
    load: async () => pairingValue,
    save: async (p) => {
      pairingValue = p;
    },
    clear: async () => {
      pairingValue = undefined;
    },
  };
  const posts: Array<{
    platform: string;
    cookies: Array<{ name: string }>;
    userAgent: string;
    timeZone?: string;
  }> = [];
  let zone: string | undefined = 'Europe/Paris';
  const fetchFn = (async (_url: string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body));
    posts.push(body);
    return (
      options.answer?.(body) ??
      new Response(
        JSON.stringify({
          data: { platform: { accountUsername: 'sandra-box' } },
          message: 'LinkedIn connection updated',
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )
    );
  }) as typeof fetch;
  const jar = new Map<string, BrowserCookie[]>();
  const syncer = createSyncer({
    target: 'local',
    api: createApiClient({ store: pairing, fetch: fetchFn, now: () => now }),
    pairing,
    store,
    readCookies: async (url) => jar.get(url) ?? [],
    userAgent: 'Mozilla/5.0 Test',
    timeZone: () => zone,
    now: () => now,
  });
  const signIn = (token: string) =>
    jar.set(SANDBOX, [
      { name: 'li_at', value: token, domain: '127.0.0.1', path: '/', secure: false, httpOnly: true },
      {
        name: 'JSESSIONID',
        value: '"ajax:1"',
        domain: '127.0.0.1',
        path: '/',
        secure: false,
        httpOnly: false,
      },
      {
        name: 'sessionid',
        value: 'instagram-only',
        domain: '127.0.0.1',
        path: '/',
        secure: false,
        httpOnly: true,
      },
    ]);
  return {
    syncer,
    posts,
    data,
    signIn,
    signOut: () => jar.delete(SANDBOX),
    advance: (ms: number) => {
      now += ms;
    },
    moveTo: (timeZone: string | undefined) => {
      zone = timeZone;
    },
  };
}

describe('the extension syncer', () => {
  it("posts the platform's session cookies with the user agent, and records the outcome", async () => {
    const t = setup();
    t.signIn('token-1');
    expect(await t.syncer.syncPlatform('linkedin')).toEqual({
      platform: 'linkedin',
      result: 'synced',
      message: 'LinkedIn connection updated',
      account: 'sandra-box',
    });
    expect(t.posts).toHaveLength(1);
    expect(t.posts[0]?.platform).toBe('linkedin');
    expect(t.posts[0]?.userAgent).toBe('Mozilla/5.0 Test');
    expect(t.posts[0]?.timeZone).toBe('Europe/Paris');
    expect(t.posts[0]?.cookies.map((c) => c.name)).toEqual(['li_at', 'JSESSIONID']);
    expect(t.data.get(statusKey('linkedin'))).toMatchObject({ state: 'synced', account: 'sandra-box' });
    // Only a digest of what was sent is kept.
    expect(JSON.stringify([...t.data.values()])).not.toContain('token-1');
  });

  it('does not post for a platform the browser is signed out of', async () => {
    const t = setup();
    expect((await t.syncer.syncAll()).map((r) => r.result)).toEqual([
      'signed-out',
      'signed-out',
      'signed-out',
    ]);
    expect(t.posts).toHaveLength(0);
    expect(t.data.get(statusKey('twitter'))).toMatchObject({
      state: 'signed-out',
      message: 'Not signed in to Twitter in this browser',
    });
  });

  it('does not post an unchanged session again unless forced, and posts a changed one', async () => {
    const t = setup();
    t.signIn('token-1');
    await t.syncer.syncPlatform('linkedin');
    expect((await t.syncer.syncPlatform('linkedin')).result).toBe('unchanged');
    expect((await t.syncer.syncPlatform('linkedin', { force: true })).result).toBe('synced');
    t.signIn('token-2');
    expect((await t.syncer.syncPlatform('linkedin')).result).toBe('synced');
    t.advance(UNCHANGED_WINDOW_MS + 1);
    expect((await t.syncer.syncPlatform('linkedin')).result).toBe('synced');
    expect(t.posts).toHaveLength(4);
  });

  it("posts the same session again when the browser's time zone changed (the account's quota days follow it)", async () => {
    const t = setup();
    t.signIn('token-1');
    await t.syncer.syncPlatform('linkedin');
    expect((await t.syncer.syncPlatform('linkedin')).result).toBe('unchanged');
    t.moveTo('America/New_York');
    expect((await t.syncer.syncPlatform('linkedin')).result).toBe('synced');
    expect(t.posts.map((p) => p.timeZone)).toEqual(['Europe/Paris', 'America/New_York']);
    // A browser that names no zone sends none, and the server keeps the last one it had.
    t.moveTo(undefined);
    expect((await t.syncer.syncPlatform('linkedin')).result).toBe('synced');
    expect(t.posts[2]).not.toHaveProperty('timeZone');
  });

  it("records the API's refusal, and retries the same session next time", async () => {
    const t = setup({
      answer: () =>
        new Response(
          JSON.stringify({ code: 'FORBIDDEN', message: 'Twitter is not included in your plan.' }),
          {
            status: 403,
          },
        ),
    });
    t.signIn('token-1');
    expect(await t.syncer.syncPlatform('linkedin')).toEqual({
      platform: 'linkedin',
      result: 'failed',
      message: 'Twitter is not included in your plan.',
    });
    expect(t.data.get(statusKey('linkedin'))).toMatchObject({
      state: 'failed',
    } satisfies Partial<PlatformStatus>);
    expect(t.data.get(sentKey('linkedin'))).toBeUndefined();
    expect((await t.syncer.syncPlatform('linkedin')).result).toBe('failed');
    expect(t.posts).toHaveLength(2);
  });

  it('does nothing before pairing', async () => {
    const t = setup({ paired: false });
    t.signIn('token-1');
    expect((await t.syncer.syncPlatform('linkedin')).result).toBe('not-paired');
    expect(t.posts).toHaveLength(0);
  });

  it('runs one sync per platform at a time', async () => {
    const t = setup();
    t.signIn('token-1');
    const results = await Promise.all([t.syncer.syncPlatform('linkedin'), t.syncer.syncPlatform('linkedin')]);
    expect(results.map((r) => r.result)).toEqual(['synced', 'unchanged']);
    expect(t.posts).toHaveLength(1);
  });
});
