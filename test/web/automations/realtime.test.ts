import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ConnectionState,
  createRealtimeClient,
  type LiveJobProgress,
  RECONNECT,
  type RealtimeClient,
  randomisedMinDelay,
  readJobProgress,
  realtimeBaseUrl,
  resetRealtimeConfig,
  sameOriginSocketUrl,
  socketUrl,
} from '../../../web/src/lib/realtime';
import { TOKEN_STORAGE_KEY } from '../../../web/src/lib/session/token-store';
import { installFakeApi, makeUser } from '../support/fake-api';
import { type SocketServer, startSocketServer, stubNodeWebSocket } from './socket-server';

let server: SocketServer;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  server = await startSocketServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  server.connections.splice(0);
  server.received.splice(0);
  resetRealtimeConfig();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** A client of the test server whose reconnects wait the shortest randomised delay (0.5 s). */
function connect(url = async () => server.url) {
  stubNodeWebSocket();
  const client = createRealtimeClient({ url, random: () => 0 });
  clients.push(client);
  const states: ConnectionState[] = [client.state];
  client.onState((state) => states.push(state));
  return { client, states };
}

const LONG = { timeout: 5000 };

describe('realtime client', () => {
  it("says 'connecting' until the socket opens, then 'connected', and subscribes to the job", async () => {
    const { client, states } = connect();
    client.subscribe('job-1', () => undefined);

    expect(states).toEqual(['connecting']);
    await vi.waitFor(() => expect(client.state).toBe('connected'), LONG);
    await vi.waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0]?.message).toEqual({ action: 'subscribeToJobProgress', jobId: 'job-1' });
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('subscribes a job watched after the socket opened at once', async () => {
    const { client } = connect();
    await vi.waitFor(() => expect(client.state).toBe('connected'), LONG);

    client.subscribe('job-2', () => undefined);

    await vi.waitFor(() =>
      expect(server.received.map((r) => r.message)).toEqual([
        { action: 'subscribeToJobProgress', jobId: 'job-2' },
      ]),
    );
  });

  it("delivers a job's pushed progress to its listeners only", async () => {
    const { client } = connect();
    const mine: LiveJobProgress[] = [];
    const other: LiveJobProgress[] = [];
    client.subscribe('job-1', (p) => mine.push(p));
    client.subscribe('job-9', (p) => other.push(p));
    await vi.waitFor(() => expect(server.received).toHaveLength(2), LONG);

    server.push({ event: 'somethingElse', data: { jobId: 'job-1' } });
    server.push({
      event: 'jobProgress',
      data: { jobId: 'job-1', progress: 40, status: 'running', message: 'Reading', stage: 'extract' },
    });

    await vi.waitFor(() => expect(mine).toHaveLength(1));
    expect(mine[0]).toMatchObject({ jobId: 'job-1', progress: 40, status: 'running', stage: 'extract' });
    expect(other).toHaveLength(0);
  });

  it("says 'disconnected' when the socket drops, reconnects by itself and subscribes again", async () => {
    const { client, states } = connect();
    client.subscribe('job-1', () => undefined);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), LONG);

    server.dropAll();

    await vi.waitFor(() => expect(states).toContain('disconnected'), LONG);
    await vi.waitFor(() => expect(server.connections).toHaveLength(2), LONG);
    await vi.waitFor(() => expect(client.state).toBe('connected'), LONG);
    await vi.waitFor(() => expect(server.received).toHaveLength(2), LONG);
    expect(server.received[1]).toEqual({
      connection: 1,
      message: { action: 'subscribeToJobProgress', jobId: 'job-1' },
    });
    expect(states).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
  });

  it('asks for a fresh URL on every reconnect, so each attempt carries the current token', async () => {
    let token = 'first';
    const { client } = connect(async () => `${server.url}?token=${token}`);
    await vi.waitFor(() => expect(client.state).toBe('connected'), LONG);

    token = 'second';
    server.dropAll();

    await vi.waitFor(() => expect(server.connections).toHaveLength(2), LONG);
    expect(server.connections.map((c) => c.url)).toEqual(['/ws?token=first', '/ws?token=second']);
  });

  it('does not reconnect once closed', async () => {
    const { client } = connect();
    await vi.waitFor(() => expect(client.state).toBe('connected'), LONG);

    client.close();
    await vi.waitFor(() => expect(server.openCount()).toBe(0), LONG);
    await new Promise((resolve) => setTimeout(resolve, 1200));

    expect(server.connections).toHaveLength(1);
  });

  it("says 'disconnected' while no server answers", async () => {
    const { client, states } = connect(async () => 'ws://127.0.0.1:9/ws');
    await vi.waitFor(() => expect(states).toContain('disconnected'), LONG);
    expect(client.state).toBe('disconnected');
  });
});

describe('reconnect timing', () => {
  it('waits 1 s randomised by 0.5 before the first reconnect (0.5 s to 1.5 s)', () => {
    expect(randomisedMinDelay(() => 0)).toBe(500);
    expect(randomisedMinDelay(() => 0.5)).toBe(1000);
    expect(randomisedMinDelay(() => 1)).toBe(1500);
  });

  it('grows up to 5 s and gives up an attempt after 20 s', () => {
    expect(RECONNECT.maxDelayMs).toBe(5000);
    expect(RECONNECT.connectionTimeoutMs).toBe(20_000);
  });
});

describe('pushed frames', () => {
  it('reads jobProgress events with a job id and ignores anything else', () => {
    expect(readJobProgress('{"event":"jobProgress","data":{"jobId":"j","progress":"50%"}}')).toEqual({
      jobId: 'j',
      progress: '50%',
    });
    expect(readJobProgress('{"event":"jobProgress","data":{"progress":5}}')).toBeUndefined();
    expect(readJobProgress('{"event":"other","data":{"jobId":"j"}}')).toBeUndefined();
    expect(readJobProgress('not json')).toBeUndefined();
    expect(readJobProgress('null')).toBeUndefined();
  });
});

describe('socket address', () => {
  const answer = (status: number, body: string, type = 'application/json') =>
    vi.fn(async (_input: string) => new Response(body, { status, headers: { 'Content-Type': type } }));

  it("takes /config.json's realtimeUrl (read once) and adds the access token", async () => {
    const fetch = answer(200, JSON.stringify({ realtimeUrl: 'wss://rt.example.com/prod' }));
    vi.stubGlobal('fetch', fetch);
    window.localStorage.setItem(
      TOKEN_STORAGE_KEY,
      JSON.stringify({ accessToken: 'tok en', refreshToken: 'r', expiresAt: Date.now() + 600_000 }),
    );

    expect(await socketUrl()).toBe('wss://rt.example.com/prod?token=tok+en');
    expect(await socketUrl()).toBe('wss://rt.example.com/prod?token=tok+en');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/config.json');
  });

  it("falls back to this origin's /ws when /config.json is HTML, missing or has no address", async () => {
    const local = sameOriginSocketUrl();
    expect(local).toBe(`ws://${window.location.host}/ws`);

    for (const fetch of [
      answer(200, '<!doctype html><html></html>', 'text/html'),
      answer(404, 'Not Found', 'text/plain'),
      answer(200, JSON.stringify({ realtimeUrl: 'javascript:alert(1)' })),
      answer(200, JSON.stringify({})),
    ]) {
      resetRealtimeConfig();
      vi.stubGlobal('fetch', fetch);
      expect(await realtimeBaseUrl()).toBe(local);
    }
  });

  it('renews an access token that has run out before it goes into the URL', async () => {
    const api = installFakeApi();
    const user = api.addAccount(makeUser());
    const stale = api.restoreSession(user, { expired: true });

    const url = new URL(await socketUrl());

    expect(api.callsTo('POST', '/auth/refresh')).toHaveLength(1);
    const token = url.searchParams.get('token');
    expect(token).toBeTruthy();
    expect(token).not.toBe(stale.accessToken);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(sameOriginSocketUrl());
  });

  it('uses wss on an https page', () => {
    expect(sameOriginSocketUrl({ protocol: 'https:', host: 'app.example.com' })).toBe(
      'wss://app.example.com/ws',
    );
  });

  it('tries /config.json again after a request that got no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await realtimeBaseUrl()).toBe(sameOriginSocketUrl());

    const fetch = answer(200, JSON.stringify({ realtimeUrl: 'wss://rt.example.com' }));
    vi.stubGlobal('fetch', fetch);
    expect(await realtimeBaseUrl()).toBe('wss://rt.example.com');
  });
});
