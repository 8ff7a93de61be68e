import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  issueSession,
  type SandboxPlatform,
  type SandboxPlatforms,
  sandboxSessionTokens,
  setSandboxFailures,
  startSandboxPlatforms,
} from '../../../../scripts/sandbox-platforms';
import { parseFailureRequest } from '../../../../scripts/sandbox-platforms/failures';
import { client, type Json, type SandboxClient } from './support';

/** The per-session failure switches: challenge, rate limit, expiry and slowness after N actions. */

let sandbox: SandboxPlatforms;

beforeAll(async () => {
  sandbox = await startSandboxPlatforms();
});

afterAll(async () => {
  await sandbox?.stop();
});

afterEach(async () => {
  for (const site of Object.values(sandbox.sites)) site.setFailures({ clear: true });
});

/** Per platform: a JSON call, a page, and how each failure looks there. */
const shapes: Record<
  SandboxPlatform,
  {
    json: string;
    page: string;
    challenge: (r: Response, body: Json) => void;
    rateLimited: (r: Response, body: Json) => void;
    expired: (r: Response, body: Json) => void;
  }
> = {
  linkedin: {
    json: '/voyager/api/me',
    page: '/feed/',
    challenge: (r) => {
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/checkpoint/challenge/');
    },
    rateLimited: (r, body) => {
      expect(r.status).toBe(429);
      expect(body).toMatchObject({ status: 429 });
    },
    expired: (r) => expect(r.status).toBe(401),
  },
  x: {
    json: '/i/api/1.1/account/verify_credentials.json',
    page: '/home',
    challenge: (r, body) => {
      expect(r.status).toBe(403);
      expect(body.errors[0].code).toBe(326);
    },
    rateLimited: (r, body) => {
      expect(r.status).toBe(429);
      expect(body.errors[0].code).toBe(88);
      expect(r.headers.get('x-rate-limit-remaining')).toBe('0');
      expect(Number(r.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
    },
    expired: (r, body) => {
      expect(r.status).toBe(401);
      expect(body.errors[0].code).toBe(32);
    },
  },
  instagram: {
    json: '/api/v1/accounts/current_user/',
    page: '/',
    challenge: (r, body) => {
      expect(r.status).toBe(400);
      expect(body.message).toBe('challenge_required');
    },
    rateLimited: (r, body) => {
      expect(r.status).toBe(429);
      expect(body.message).toBe('Please wait a few minutes before you try again.');
    },
    expired: (r, body) => {
      expect(r.status).toBe(403);
      expect(body.message).toBe('login_required');
    },
  },
};

async function call(c: SandboxClient, path: string): Promise<{ response: Response; body: Json }> {
  const { response, body } = await c.json(path);
  return { response, body };
}

/** One JSON call that must fail the way `check` says. */
async function expectFailing(
  c: SandboxClient,
  path: string,
  check: (response: Response, body: Json) => void,
): Promise<void> {
  const { response, body } = await call(c, path);
  check(response, body);
}

/** N actions alternating page views and JSON calls, each answered normally. */
async function actOk(c: SandboxClient, platform: SandboxPlatform, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const path = i % 2 === 0 ? shapes[platform].json : shapes[platform].page;
    const { response } = await call(c, path);
    expect(response.status, `action ${i + 1} (${path})`).toBe(200);
  }
}

describe.each(['linkedin', 'x', 'instagram'] as const)('sandbox %s: failure switches', (platform) => {
  const site = () => sandbox.sites[platform];
  const shape = shapes[platform];

  it('challenges a session after exactly N actions (pages and JSON alike), and only that session', async () => {
    const failing = client(site());
    const other = client(site());
    await setSandboxFailures(platform, { token: failing.token, challengeAfter: 3 }, site().url);
    await actOk(failing, platform, 3);
    await expectFailing(failing, shape.json, shape.challenge);
    const page = await failing.get(shape.page);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/checkpoint|account\/access|challenge/);
    // It stays challenged; another session, and a new one, work normally.
    await expectFailing(failing, shape.json, shape.challenge);
    await actOk(other, platform, 5);
    await actOk(client(site()), platform, 5);

    const health: Json = await (await fetch(`${site().url}/__sandbox/health`)).json();
    expect(health.actions[failing.token]).toMatchObject({
      state: 'challenge',
      accountId: site().world.owner.id,
    });
    expect(health.actions[failing.token].actions).toBe(6);
    expect(health.actions[other.token]).toMatchObject({ state: 'ok', actions: 5 });
  });

  it('rate-limits after exactly N actions a window, with the platform’s 429, until the window ends', async () => {
    const c = client(site());
    site().setFailures({ token: c.token, rateLimitAfter: 2, rateLimitWindowMs: 400 });
    await actOk(c, platform, 2);
    await expectFailing(c, shape.json, shape.rateLimited);
    expect((await c.get(shape.page)).status).toBe(429);
    await new Promise((done) => setTimeout(done, 450));
    await actOk(c, platform, 2);
    await expectFailing(c, shape.json, shape.rateLimited);
  });

  it('expires a session after exactly N actions, for good; pages go to the login; a new session works', async () => {
    const c = client(site());
    site().setFailures({ token: c.token, expireAfter: 2 });
    await actOk(c, platform, 2);
    await expectFailing(c, shape.json, shape.expired);
    await expectFailing(c, shape.json, shape.expired);
    const page = await c.get(shape.page);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/login/);
    site().setFailures({ clear: true });
    await expectFailing(c, shape.json, shape.expired);
    await actOk(client(site()), platform, 3);
  });

  it('applies switches without a token to every session, each counted on its own', async () => {
    await setSandboxFailures(platform, { challengeAfter: 1 }, site().url);
    const a = client(site());
    const b = client(site());
    await actOk(a, platform, 1);
    await actOk(b, platform, 1);
    await expectFailing(a, shape.json, shape.challenge);
    await expectFailing(b, shape.json, shape.challenge);
    await setSandboxFailures(platform, { clear: true }, site().url);
    await actOk(a, platform, 2);
  });

  it('slows the answers of a session by slowMs', async () => {
    const slow = client(site());
    const fast = client(site());
    site().setFailures({ token: slow.token, slowMs: 250 });
    let started = performance.now();
    await actOk(slow, platform, 1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    started = performance.now();
    await actOk(fast, platform, 1);
    expect(performance.now() - started).toBeLessThan(240);
  });
});

describe('sandbox failure switches: the admin route', () => {
  it('refuses switches that are not whole numbers, and unknown ones', async () => {
    const url = sandbox.sites.x.url;
    for (const body of [{ challengeAfter: -1 }, { slowMs: 1.5 }, { rateLimitWindowMs: 0 }, { nope: 1 }, []]) {
      const response = await fetch(`${url}/__sandbox/failures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    await expect(setSandboxFailures('x', { challengeAfter: -1 } as never, url)).rejects.toThrow(/refused/);
    expect(parseFailureRequest({ token: 't', challengeAfter: 0, slowMs: 10 })).toEqual({
      token: 't',
      challengeAfter: 0,
      slowMs: 10,
    });
  });

  it("lists a browser's sessions by its exact User-Agent, so one test switches only its own", async () => {
    const baseUrl = sandbox.sites.linkedin.url;
    const first = await issueSession('linkedin', { baseUrl, userAgent: 'Mozilla/5.0 journey-a' });
    const second = await issueSession('linkedin', { baseUrl, userAgent: 'Mozilla/5.0 journey-a' });
    const other = await issueSession('linkedin', { baseUrl, userAgent: 'Mozilla/5.0 journey-ab' });
    const tokenOf = (issued: typeof first) => issued.cookies.find((c) => c.name === 'li_at')!.value;
    expect(await sandboxSessionTokens('linkedin', 'Mozilla/5.0 journey-a', baseUrl)).toEqual([
      tokenOf(first),
      tokenOf(second),
    ]);
    expect(await sandboxSessionTokens('linkedin', 'Mozilla/5.0 journey-ab', baseUrl)).toEqual([
      tokenOf(other),
    ]);
    expect(await sandboxSessionTokens('linkedin', 'Mozilla/5.0 journey', baseUrl)).toEqual([]);
    const unnamed = await fetch(`${baseUrl}/__sandbox/sessions`);
    expect(unnamed.status).toBe(400);
    expect(await unnamed.json()).toEqual({ error: 'userAgent is required' });
  });

  it('starts the count again when switches are set: the first N actions after it pass', async () => {
    const site = sandbox.sites.linkedin;
    const c = client(site);
    await actOk(c, 'linkedin', 4);
    site.setFailures({ token: c.token, challengeAfter: 2 });
    await actOk(c, 'linkedin', 2);
    expect((await c.get('/voyager/api/me')).status).toBe(302);
    expect(site.actions(c.token)).toMatchObject({ actions: 7, counted: 3, state: 'challenge' });
  });
});
