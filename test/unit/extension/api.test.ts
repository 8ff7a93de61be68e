import { describe, expect, it } from 'vitest';
import {
  ApiCallError,
  createApiClient,
  NotPairedError,
  type Pairing,
  type PairingStore,
} from '../../../web/extension/src/api';

const NOW = 1_800_000_000_000;

function memoryStore(initial?: Pairing) {
  let pairing = initial;
  const saves: Pairing[] = [];
  const store: PairingStore = {
    load: async () => pairing,
    save: async (next) => {
      pairing = next;
      saves.push(next);
    },
    clear: async () => {
      pairing = undefined;
    },
  };
  return { store, saves, current: () => pairing };
}

const paired = (overrides: Partial<Pairing> = {}): Pairing => ({
  apiOrigin: 'http://localhost:3000',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  accessExpiresAt: NOW + 600_000,
  userId: 'user-1',
  pairedAt: NOW,
  ...overrides,
});

interface Seen {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** The API: access tokens 'access-N' are valid from `valid` on; refresh rotates 'refresh-N' → N+1. */
function fakeApi(
  options: { valid?: string; refresh?: (token: string) => Response | Promise<Response> } = {},
) {
  const seen: Seen[] = [];
  let valid = options.valid ?? 'access-1';
  let generation = 1;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchFn = (async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    seen.push({
      url: input,
      method: init.method ?? 'GET',
      authorization: headers.get('authorization'),
      body,
    });
    if (input.endsWith('/api/auth/refresh')) {
      await new Promise((done) => setTimeout(done, 5));
      if (options.refresh) return options.refresh((body as { refreshToken: string }).refreshToken);
      if ((body as { refreshToken: string }).refreshToken !== `refresh-${generation}`)
        return json(401, { code: 'UNAUTHORIZED', message: 'Your session has expired. Please log in again.' });
      generation++;
      valid = `access-${generation}`;
      return json(200, {
        data: {
          accessToken: valid,
          refreshToken: `refresh-${generation}`,
          expiresIn: 900,
          user: { id: 'user-1', email: 'ada@example.com' },
        },
      });
    }
    if (headers.get('authorization') !== `Bearer ${valid}`)
      return json(401, { code: 'UNAUTHORIZED', message: 'no' });
    if (input.endsWith('/api/users/platforms/sync'))
      return json(409, { code: 'CONFLICT', message: 'The LinkedIn session has expired.' });
    return json(200, { data: { ok: true } });
  }) as typeof fetch;
  return { fetch: fetchFn, seen, refreshes: () => seen.filter((s) => s.url.endsWith('/auth/refresh')) };
}

describe('the extension API client', () => {
  it('calls the paired origin with its bearer token', async () => {
    const { store } = memoryStore(paired());
    const api = fakeApi();
    const client = createApiClient({ store, fetch: api.fetch, now: () => NOW });
    expect(await client.call('/auth/me')).toEqual({ data: { ok: true } });
    expect(api.seen[0]).toMatchObject({
      url: 'http://localhost:3000/api/auth/me',
      authorization: 'Bearer access-1',
    });
  });

  it('shares a single refresh among calls whose token expired, and saves the new tokens before retrying', async () => {
    const memory = memoryStore(paired({ accessExpiresAt: NOW - 1 }));
    const api = fakeApi();
    const client = createApiClient({ store: memory.store, fetch: api.fetch, now: () => NOW });
    await Promise.all([client.call('/a'), client.call('/b'), client.call('/c')]);
    expect(api.refreshes()).toHaveLength(1);
    expect(api.refreshes()[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(memory.current()).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      accessExpiresAt: NOW + 900_000,
      email: 'ada@example.com',
    });
    expect(api.seen.filter((s) => !s.url.endsWith('/auth/refresh')).map((s) => s.authorization)).toEqual([
      'Bearer access-2',
      'Bearer access-2',
      'Bearer access-2',
    ]);
  });

  it('renews once for concurrent 401s (the token was refused early) and retries each call once', async () => {
    const memory = memoryStore(paired());
    const api = fakeApi({ valid: 'access-2' });
    const client = createApiClient({ store: memory.store, fetch: api.fetch, now: () => NOW });
    await Promise.all([client.call('/a'), client.call('/b'), client.call('/c')]);
    expect(api.refreshes()).toHaveLength(1);
    expect(memory.saves).toHaveLength(1);
    expect(api.seen.filter((s) => s.authorization === 'Bearer access-2')).toHaveLength(3);
  });

  it('forgets the pairing when the refresh is refused (401): the pairing is gone', async () => {
    const memory = memoryStore(paired({ refreshToken: 'refresh-stale' }));
    const api = fakeApi({ valid: 'access-2' });
    const client = createApiClient({ store: memory.store, fetch: api.fetch, now: () => NOW });
    await expect(client.call('/a')).rejects.toBeInstanceOf(NotPairedError);
    expect(memory.current()).toBeUndefined();
    await expect(client.call('/a')).rejects.toBeInstanceOf(NotPairedError);
  });

  it('keeps the pairing when the refresh fails for another reason', async () => {
    const memory = memoryStore(paired());
    const api = fakeApi({
      valid: 'access-2',
      refresh: () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    const client = createApiClient({ store: memory.store, fetch: api.fetch, now: () => NOW });
    const failure = await client.call('/a').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect((failure as ApiCallError).status).toBe(502);
    expect(memory.current()?.refreshToken).toBe('refresh-1');
  });

  it("answers the API's error message and code", async () => {
    const { store } = memoryStore(paired());
    const client = createApiClient({ store, fetch: fakeApi().fetch, now: () => NOW });
    const failure = (await client
      .call('/users/platforms/sync', { method: 'POST', body: {} })
      .catch((e) => e)) as ApiCallError;
    expect(failure).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'The LinkedIn session has expired.',
    });
  });

  it('says Trobly could not be reached when fetch fails, and not paired without a pairing', async () => {
    const { store } = memoryStore(paired());
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const client = createApiClient({ store, fetch: offline, now: () => NOW });
    await expect(client.call('/a')).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('could not be reached'),
    });
    const unpaired = createApiClient({ store: memoryStore().store, fetch: offline, now: () => NOW });
    await expect(unpaired.call('/a')).rejects.toBeInstanceOf(NotPairedError);
  });
});
