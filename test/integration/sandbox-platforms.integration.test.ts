import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateWorld,
  type IssuedSession,
  issueSession,
  SANDBOX_PASSWORD,
  type SandboxPlatform,
  type SandboxPlatforms,
  type SandboxSite,
  setSandboxChallenge,
  startSandboxPlatforms,
  startSandboxSite,
} from '../../scripts/sandbox-platforms';
import { sessionsFile } from '../../scripts/sandbox-platforms/sessions';
import { SANDBOX_SIZES } from '../../scripts/sandbox-platforms/world-types';

/** Per platform: where who-am-I lives, its CSRF header, how to read the username, and its walls. */
const platforms: Record<
  SandboxPlatform,
  {
    whoAmI: string;
    csrfHeader: string;
    csrfValue: (cookie: string) => string;
    username: (body: unknown) => string;
    login: { path: string; user: string; password: string; handle: string };
    logout: string;
    challenge: string;
    challengedApiStatus: number;
  }
> = {
  linkedin: {
    whoAmI: '/voyager/api/me',
    csrfHeader: 'csrf-token',
    csrfValue: (c) => c.replace(/"/g, ''),
    username: (b) => (b as { included: Array<{ publicIdentifier: string }> }).included[0]!.publicIdentifier,
    login: { path: '/login', user: 'session_key', password: 'session_password', handle: 'sandra-box' },
    logout: '/m/logout',
    challenge: '/checkpoint/challenge/',
    challengedApiStatus: 302,
  },
  x: {
    whoAmI: '/i/api/1.1/account/verify_credentials.json',
    csrfHeader: 'x-csrf-token',
    csrfValue: (c) => c,
    username: (b) => (b as { screen_name: string }).screen_name,
    login: { path: '/i/flow/login', user: 'username', password: 'password', handle: 'xavier_sandbox' },
    logout: '/logout',
    challenge: '/account/access',
    challengedApiStatus: 403,
  },
  instagram: {
    whoAmI: '/api/v1/accounts/current_user/',
    csrfHeader: 'x-csrftoken',
    csrfValue: (c) => c,
    username: (b) => (b as { user: { username: string } }).user.username,
    login: { path: '/accounts/login/', user: 'username', password: 'password', handle: 'ines.sandbox' },
    logout: '/accounts/logout/',
    challenge: '/challenge/',
    challengedApiStatus: 400,
  },
};

let sandbox: SandboxPlatforms;

beforeAll(async () => {
  sandbox = await startSandboxPlatforms();
});

afterAll(async () => {
  await sandbox?.stop();
});

function cookieHeader(cookies: Array<{ name: string; value: string }>): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function whoAmI(
  site: SandboxSite,
  cookies: Array<{ name: string; value: string }>,
  withCsrf = true,
): Promise<Response> {
  const spec = platforms[site.platform];
  const csrf = cookies.find((c) => ['JSESSIONID', 'ct0', 'csrftoken'].includes(c.name));
  return fetch(`${site.url}${spec.whoAmI}`, {
    redirect: 'manual',
    headers: {
      ...(cookies.length ? { cookie: cookieHeader(cookies) } : {}),
      ...(withCsrf && csrf ? { [spec.csrfHeader]: spec.csrfValue(csrf.value) } : {}),
    },
  });
}

/** Signs in through the /login form, the way a person does, and returns the cookies it set. */
async function formLogin(site: SandboxSite): Promise<Array<{ name: string; value: string }>> {
  const { login } = platforms[site.platform];
  const response = await fetch(`${site.url}${login.path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [login.user]: login.handle, [login.password]: SANDBOX_PASSWORD }),
  });
  expect(response.status).toBe(303);
  return response.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1) };
  });
}

describe('sandbox platforms: seeded data', () => {
  it('generates the same world on every run, with the promised sizes', () => {
    for (const platform of ['linkedin', 'x', 'instagram'] as const) {
      const world = generateWorld(platform);
      expect(generateWorld(platform)).toEqual(world);
      expect(world.people).toHaveLength(SANDBOX_SIZES.people);
      expect(new Set(world.people.map((p) => p.handle)).size).toBe(SANDBOX_SIZES.people);
      expect(world.companies).toHaveLength(SANDBOX_SIZES.companies);
      expect(world.posts).toHaveLength(SANDBOX_SIZES.posts);
      expect(world.followers[world.owner.id]).toHaveLength(SANDBOX_SIZES.ownerFollowers);
      expect(world.following[world.owner.id]).toHaveLength(SANDBOX_SIZES.ownerFollowing);
      const ownerPosts = world.posts.filter((p) => p.authorId === world.owner.id);
      expect(ownerPosts).toHaveLength(SANDBOX_SIZES.ownerPosts);
      for (const post of ownerPosts) {
        expect(post.likerIds.length).toBeGreaterThanOrEqual(20);
        expect(post.likerIds.length).toBeLessThanOrEqual(80);
        expect(post.comments.length).toBeGreaterThan(0);
      }
      expect(world.people.every((p) => p.name && p.headline && p.company && p.location && p.industry)).toBe(
        true,
      );
    }
    const linkedin = generateWorld('linkedin');
    expect(linkedin.owner.name).toBe('Sandra Box');
    expect(linkedin.connections[linkedin.owner.id]).toHaveLength(SANDBOX_SIZES.ownerConnections);
    expect(generateWorld('x')).not.toEqual(generateWorld('x', 1));
  });
});

describe.each(['linkedin', 'x', 'instagram'] as const)('sandbox %s: cookie sessions', (platform) => {
  const spec = platforms[platform];
  const site = () => sandbox.sites[platform];

  it('answers who-am-I with the owner for a /login session and for an issued one', async () => {
    const fromForm = await formLogin(site());
    expect(fromForm.map((c) => c.name).sort()).toEqual(
      { linkedin: ['JSESSIONID', 'li_at'], x: ['auth_token', 'ct0'], instagram: ['csrftoken', 'sessionid'] }[
        platform
      ],
    );
    const viaForm = await whoAmI(site(), fromForm);
    expect(viaForm.status).toBe(200);
    expect(spec.username(await viaForm.json())).toBe(spec.login.handle);

    const issued: IssuedSession = await issueSession(platform, {
      baseUrl: site().url,
      userAgent: 'Mozilla/5.0 T',
    });
    expect(issued).toMatchObject({
      platform,
      accountUsername: spec.login.handle,
      accountId: site().world.owner.id,
      userAgent: 'Mozilla/5.0 T',
    });
    expect(issued.profileUrl.startsWith(site().url)).toBe(true);
    for (const c of issued.cookies) {
      expect(c).toMatchObject({ domain: '127.0.0.1', path: '/', secure: false });
      expect(c.value.length).toBeGreaterThanOrEqual(25);
      expect(c.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);
    }
    const viaIssue = await whoAmI(site(), issued.cookies);
    expect(viaIssue.status).toBe(200);
    expect(spec.username(await viaIssue.json())).toBe(spec.login.handle);
  });

  it('refuses missing or unknown cookies (401), a missing CSRF header (403), and a revoked session (401)', async () => {
    expect((await whoAmI(site(), [])).status).toBe(401);
    const issued = site().issueSession();
    const forged = issued.cookies.map((c, i) =>
      i === 0 ? { ...c, value: `${c.value.slice(0, -4)}AAAA` } : c,
    );
    expect((await whoAmI(site(), forged)).status).toBe(401);
    expect((await whoAmI(site(), issued.cookies, false)).status).toBe(403);

    const logout = await fetch(`${site().url}${spec.logout}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(issued.cookies) },
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.getSetCookie().some((l) => /Max-Age=0/.test(l))).toBe(true);
    expect((await whoAmI(site(), issued.cookies)).status).toBe(401);
  });

  it('sends a signed-out visitor to the login page and rejects a wrong password', async () => {
    const page = await fetch(`${site().url}/${site().world.owner.handle}`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/login/);
    const wrong = await fetch(`${site().url}${spec.login.path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [spec.login.user]: spec.login.handle, [spec.login.password]: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('answers every page with the checkpoint while the challenge switch is on', async () => {
    const issued = site().issueSession();
    const profile = new URL(issued.profileUrl).pathname;
    await setSandboxChallenge(platform, true, site().url);
    try {
      const health = await (await fetch(`${site().url}/__sandbox/health`)).json();
      expect(health).toMatchObject({ ok: true, platform, challenge: true });
      const page = await fetch(`${site().url}${profile}`, {
        redirect: 'manual',
        headers: { cookie: cookieHeader(issued.cookies) },
      });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe(spec.challenge);
      const followed = await fetch(`${site().url}${profile}`, {
        headers: { cookie: cookieHeader(issued.cookies) },
      });
      expect(new URL(followed.url).pathname).toBe(spec.challenge);
      expect(await followed.text()).toContain('id="challenge"');
      expect((await whoAmI(site(), issued.cookies)).status).toBe(spec.challengedApiStatus);
      const login = await fetch(`${site().url}${spec.login.path}`, { redirect: 'manual' });
      expect(login.headers.get('location')).toBe(spec.challenge);
    } finally {
      await setSandboxChallenge(platform, false, site().url);
    }
    const again = await fetch(`${site().url}${profile}`, {
      headers: { cookie: cookieHeader(issued.cookies) },
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(site().world.owner.name);
  });
});

describe('sandbox pagination', () => {
  async function collect(
    site: SandboxSite,
    path: string,
    pattern: RegExp,
    cookies: string,
  ): Promise<string[]> {
    const seen: string[] = [];
    for (let page = 1; page < 50; page++) {
      const body = await (
        await fetch(`${site.url}${path}?page=${page}`, { headers: { cookie: cookies } })
      ).text();
      seen.push(...[...body.matchAll(pattern)].map((m) => m[1]!));
      if (!body.includes('rel="next"')) return seen;
    }
    throw new Error('pagination did not end');
  }

  it('lists every LinkedIn connection exactly once across pages, in the pages and in the JSON', async () => {
    const site = sandbox.sites.linkedin;
    const issued = site.issueSession();
    const cookies = cookieHeader(issued.cookies);
    const expected = site.world.connections[site.world.owner.id]!.map((c) => c.personId);
    const fromPages = await collect(
      site,
      '/mynetwork/invite-connect/connections/',
      /class="mn-connection-card" data-urn="urn:li:fsd_profile:([^"]+)"/g,
      cookies,
    );
    expect(fromPages).toEqual(expected);
    expect(new Set(fromPages).size).toBe(120);

    const csrf = issued.cookies.find((c) => c.name === 'JSESSIONID')!.value.replace(/"/g, '');
    const fromJson: string[] = [];
    for (let start = 0; ; start += 40) {
      const body = (await (
        await fetch(`${site.url}/voyager/api/relationships/dash/connections?count=40&start=${start}`, {
          headers: { cookie: cookies, 'csrf-token': csrf },
        })
      ).json()) as { data: { '*elements': string[] } };
      if (body.data['*elements'].length === 0) break;
      fromJson.push(...body.data['*elements'].map((u) => u.replace('urn:li:fsd_connection:', '')));
    }
    expect(fromJson).toEqual(expected);
  });

  it("lists the owner's X and Instagram followers exactly once across pages", async () => {
    for (const [platform, pattern] of [
      ['x', /data-testid="UserCell" data-user-id="([^"]+)"/g],
      ['instagram', /class="user-row" data-user-pk="([^"]+)"/g],
    ] as const) {
      const site = sandbox.sites[platform];
      const owner = site.world.owner;
      const ids = await collect(
        site,
        platform === 'x' ? `/${owner.handle}/followers` : `/${owner.handle}/followers/`,
        pattern,
        cookieHeader(site.issueSession().cookies),
      );
      expect(ids).toHaveLength(200);
      expect(new Set(ids)).toEqual(new Set(site.world.followers[owner.id]));
    }
  });

  it('searches LinkedIn people by keywords, 10 a page', async () => {
    const site = sandbox.sites.linkedin;
    const body = await (
      await fetch(`${site.url}/search/results/people/?keywords=${encodeURIComponent('sales')}`, {
        headers: { cookie: cookieHeader(site.issueSession().cookies) },
      })
    ).text();
    const names = [...body.matchAll(/class="entity-result__title-text"><a[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(names.length).toBe(10);
    expect(body).toMatch(/About \d+ results/);
  });
});

describe('sandbox session persistence', () => {
  it('keeps sessions in the state dir across a restart', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'trobly-sandbox-'));
    const first = await startSandboxSite({ platform: 'x', stateDir });
    const issued = first.issueSession();
    await first.stop();
    expect(existsSync(sessionsFile(stateDir, 'x'))).toBe(true);
    const second = await startSandboxSite({ platform: 'x', stateDir });
    try {
      const response = await whoAmI(second, issued.cookies);
      expect(response.status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
