import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/auth/user-repository';
import { localKeys } from '../../functions/core/adapters/local-keys';
import { keys } from '../../functions/core/table';
import {
  issueSession,
  SANDBOX_USER_AGENT,
  type SandboxPlatforms,
  sandboxSessionTokens,
  setSandboxChallenge,
  startSandboxPlatforms,
} from '../../scripts/sandbox-platforms';
import { USER_AGENT_MAX } from '../../shared/connections';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, type TestUser, uniqueName } from '../support/api-client';
import { setEnv } from '../support/integration-env';
import { getItem, scanTable } from '../support/table-items';
import { newUser } from '../support/users';

let env: AccountsEnv;
let api: Api;
let sandbox: SandboxPlatforms;
let linkedinUrl: string;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  sandbox = await startSandboxPlatforms();
  setEnv(sandbox.env);
  linkedinUrl = sandbox.env.SANDBOX_LINKEDIN_URL!;
});

afterAll(async () => {
  await env?.close();
  await sandbox?.stop();
});

const user = (options: { verified?: boolean } = {}) => newUser({ username: uniqueName('conn'), ...options });
const list = (u: TestUser) => api.get('/api/users/platforms', { token: u.accessToken });
const connectSandbox = (u: TestUser, platform: string) =>
  api.post('/api/users/platforms/sandbox', { platform }, { token: u.accessToken });
const validate = (u: TestUser, id: string) =>
  api.put(`/api/users/platforms/${id}/validate`, undefined, { token: u.accessToken });
const check = (u: TestUser, platform: string) =>
  api.get(`/api/users/platform-connections/${platform}`, { token: u.accessToken });
const syncBody = (session: Awaited<ReturnType<typeof issueSession>>, platform = 'linkedin') => ({
  platform,
  cookies: session.cookies,
  userAgent: session.userAgent,
});

async function connectedLinkedIn(u: TestUser) {
  const res = await connectSandbox(u, 'linkedin');
  expect(res.status, res.text).toBe(201);
  return res.body.data.platform;
}

/** The stored item of a connection, read straight from the table. */
const storedItem = (u: TestUser, id: string) => getItem(keys.platformConnection(u.id, id));

describe('POST /api/users/platforms/sandbox and GET /api/users/platforms', () => {
  it('connects the sandbox LinkedIn owner and lists the record without any cookie', async () => {
    const ada = await user();
    const record = await connectedLinkedIn(ada);
    expect(record).toMatchObject({
      platform: 'LINKEDIN',
      accountUsername: 'sandra-box',
      isActive: true,
      errorCount: 0,
      lastError: null,
    });
    expect(record.profileUrl).toBe(`${linkedinUrl}/in/sandra-box/`);
    expect(Object.keys(record).sort()).toEqual(
      [
        'timeZone',
        'accountId',
        'accountUsername',
        'createdAt',
        'errorCount',
        'id',
        'isActive',
        'lastError',
        'lastValidated',
        'platform',
        'profileUrl',
      ].sort(),
    );

    const res = await list(ada);
    expect(res.status).toBe(200);
    // The list adds where the account stands in its warm-up and its invitation budget (issue 23).
    expect(res.body).toEqual({ data: { platforms: [{ ...record, warmUp: null, invitationLimit: null }] } });

    const item = await storedItem(ada, record.id);
    const sealed = String(item?.sealedCookies);
    const cookies = JSON.parse(
      await localKeys(env.stateDir).decrypt(sealed, {
        userId: ada.id,
        accountId: record.accountId,
        platform: 'linkedin',
      }),
    ) as Array<{ name: string; value: string }>;
    const liAt = cookies.find((c) => c.name === 'li_at')!.value;
    expect(liAt.length).toBeGreaterThan(20);
    expect(res.text).not.toContain(liAt);
    expect(JSON.stringify(item)).not.toContain(liAt);
    expect(res.text).not.toContain('sealedCookies');
  });

  it("issues the sandbox session to the caller's browser: its User-Agent is stored and names the session", async () => {
    const ada = await user();
    const browser = `Mozilla/5.0 (X11; Linux x86_64) ${uniqueName('ada-browser')}`.padEnd(
      USER_AGENT_MAX,
      'x',
    );
    const res = await api.post(
      '/api/users/platforms/sandbox',
      { platform: 'linkedin' },
      { token: ada.accessToken, headers: { 'user-agent': browser } },
    );
    expect(res.status, res.text).toBe(201);
    const { id, accountId } = res.body.data.platform;
    const item = await storedItem(ada, id);
    expect(item?.userAgent).toBe(browser);
    const cookies = JSON.parse(
      await localKeys(env.stateDir).decrypt(String(item?.sealedCookies), {
        userId: ada.id,
        accountId,
        platform: 'linkedin',
      }),
    ) as Array<{ name: string; value: string }>;
    // The one session the site issued to that browser is the one the connection holds.
    expect(await sandboxSessionTokens('linkedin', browser, linkedinUrl)).toEqual([
      cookies.find((c) => c.name === 'li_at')!.value,
    ]);
  });

  it("uses the sandbox's own User-Agent when the caller's is one a sync would refuse (one past the limit)", async () => {
    const ada = await user();
    const tooLong = `Mozilla/5.0 ${uniqueName('long')}`.padEnd(USER_AGENT_MAX + 1, 'x');
    const res = await api.post(
      '/api/users/platforms/sandbox',
      { platform: 'linkedin' },
      { token: ada.accessToken, headers: { 'user-agent': tooLong } },
    );
    expect(res.status, res.text).toBe(201);
    expect((await storedItem(ada, res.body.data.platform.id))?.userAgent).toBe(SANDBOX_USER_AGENT);
    expect(await sandboxSessionTokens('linkedin', tooLong, linkedinUrl)).toEqual([]);
  });

  it('keeps cookies as ciphertext bound to the owner: another user context does not decrypt', async () => {
    const [ada, bob] = await Promise.all([user(), user()]);
    const record = await connectedLinkedIn(ada);
    const sealed = String((await storedItem(ada, record.id))?.sealedCookies);
    await expect(
      localKeys(env.stateDir).decrypt(sealed, {
        userId: bob.id,
        accountId: record.accountId,
        platform: 'linkedin',
      }),
    ).rejects.toThrow();
    await expect(
      localKeys(env.stateDir).decrypt(sealed, { userId: ada.id, accountId: 'other', platform: 'linkedin' }),
    ).rejects.toThrow();
  });

  it('refuses twitter on the FREE plan with an upgrade message and allows it on PRO', async () => {
    const ada = await user();
    const refused = await connectSandbox(ada, 'twitter');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Twitter is not included in your plan. Start a free trial or upgrade to unlock this feature.',
    });
    expect((await list(ada)).body.data.platforms).toEqual([]);

    await updateUser(ada.id, { plan: 'PRO' });
    const ok = await connectSandbox(ada, 'twitter');
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.platform).toMatchObject({ platform: 'TWITTER', accountUsername: 'xavier_sandbox' });
  });

  it('refuses Instagram on the FREE plan like twitter and connects it on TRIAL (DECISIONS 21)', async () => {
    const ada = await user();
    const refused = await connectSandbox(ada, 'instagram');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'FORBIDDEN',
      message:
        'Instagram is not included in your plan. Start a free trial or upgrade to unlock this feature.',
    });
    await updateUser(ada.id, { plan: 'TRIAL' });
    const res = await connectSandbox(ada, 'instagram');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.platform).toMatchObject({ platform: 'INSTAGRAM', accountUsername: 'ines.sandbox' });
  });

  it('answers 404 when no sandbox URL is configured', async () => {
    const ada = await user();
    setEnv({ SANDBOX_LINKEDIN_URL: undefined });
    try {
      const res = await connectSandbox(ada, 'linkedin');
      expect(res.status).toBe(404);
    } finally {
      setEnv(sandbox.env);
    }
  });
});

describe('GET /api/users/platform-connections/{platform}', () => {
  it('says whether an active connection of the platform exists', async () => {
    const ada = await user();
    const before = await check(ada, 'linkedin');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      status: 'success',
      data: { connected: false, platform: 'linkedin' },
      message: 'LinkedIn is not connected',
    });
    await connectedLinkedIn(ada);
    const after = await check(ada, 'LINKEDIN');
    expect(after.body).toMatchObject({ status: 'success', data: { connected: true, platform: 'linkedin' } });
    expect((await check(ada, 'twitter')).body.data.connected).toBe(false);
  });

  it('refuses an unknown platform with a field issue', async () => {
    const ada = await user();
    const res = await check(ada, 'myspace');
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('platform');
  });
});

describe('PUT /api/users/platforms/{id}/validate', () => {
  it('checks the session with the platform and updates lastValidated', async () => {
    const ada = await user();
    const record = await connectedLinkedIn(ada);
    await new Promise((r) => setTimeout(r, 10));
    const res = await validate(ada, record.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('LinkedIn connection validated');
    expect(res.body.data.platform).toMatchObject({
      id: record.id,
      errorCount: 0,
      lastError: null,
      isActive: true,
    });
    expect(res.body.data.platform.lastValidated > record.lastValidated).toBe(true);
  });

  it('records the failure when the session was signed out on the platform, then recovers on re-sync', async () => {
    const ada = await user();
    const record = await connectedLinkedIn(ada);
    const sealed = String((await storedItem(ada, record.id))?.sealedCookies);
    const cookies = JSON.parse(
      await localKeys(env.stateDir).decrypt(sealed, {
        userId: ada.id,
        accountId: record.accountId,
        platform: 'linkedin',
      }),
    ) as Array<{ name: string; value: string }>;
    const logout = await fetch(`${linkedinUrl}/logout`, {
      headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      redirect: 'manual',
    });
    expect(logout.status).toBe(303);

    const res = await validate(ada, record.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'CONFLICT',
      message: 'The LinkedIn session has expired. Sign in to LinkedIn and sync again.',
    });
    const [listed] = (await list(ada)).body.data.platforms;
    expect(listed).toMatchObject({
      errorCount: 1,
      lastError: 'The LinkedIn session has expired. Sign in to LinkedIn and sync again.',
      isActive: true,
      lastValidated: record.lastValidated,
    });
    expect((await validate(ada, record.id)).status).toBe(409);
    expect((await list(ada)).body.data.platforms[0].errorCount).toBe(2);

    const resynced = await connectSandbox(ada, 'linkedin');
    expect(resynced.status).toBe(200);
    expect(resynced.body.data.platform).toMatchObject({ id: record.id, errorCount: 0, lastError: null });
  });

  it('reports a security check when the platform walls the session', async () => {
    const ada = await user();
    const record = await connectedLinkedIn(ada);
    await setSandboxChallenge('linkedin', true, linkedinUrl);
    try {
      const res = await validate(ada, record.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'LinkedIn asked for a security check. Complete it in your browser, then sync again.',
      );
    } finally {
      await setSandboxChallenge('linkedin', false, linkedinUrl);
    }
    expect((await list(ada)).body.data.platforms[0]).toMatchObject({ errorCount: 1 });
  });
});

describe('POST /api/users/platforms/sync', () => {
  it('creates the connection from extension cookies and updates it on a second sync (no duplicate)', async () => {
    const ada = await user();
    const first = await issueSession('linkedin', { baseUrl: linkedinUrl });
    const created = await api.post(
      '/api/users/platforms/sync',
      // The client's account hints are ignored: the platform says whose session it is.
      { ...syncBody(first), accountId: 'someone-else', accountUsername: 'mallory' },
      { token: ada.accessToken },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.message).toBe('LinkedIn account connected');
    expect(created.body.data.platform).toMatchObject({
      accountId: first.accountId,
      accountUsername: 'sandra-box',
    });
    expect(created.text).not.toContain(first.cookies[0]!.value);

    const second = await issueSession('linkedin', { baseUrl: linkedinUrl });
    const updated = await api.post('/api/users/platforms/sync', syncBody(second), { token: ada.accessToken });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.message).toBe('LinkedIn connection updated');
    expect(updated.body.data.platform.id).toBe(created.body.data.platform.id);
    expect(updated.body.data.platform.createdAt).toBe(created.body.data.platform.createdAt);
    expect((await list(ada)).body.data.platforms).toHaveLength(1);
  });

  it("records the syncing browser's time zone, keeps it when a sync does not say, and refuses one that is not a zone", async () => {
    const ada = await user();
    const sync = async (extra: Record<string, unknown>) =>
      api.post(
        '/api/users/platforms/sync',
        { ...syncBody(await issueSession('linkedin', { baseUrl: linkedinUrl })), ...extra },
        { token: ada.accessToken },
      );
    const first = await sync({});
    expect(first.status, first.text).toBe(201);
    // Never said: null, so the account's budgets reset at midnight UTC.
    expect(first.body.data.platform.timeZone).toBeNull();
    const paris = await sync({ timeZone: 'Europe/Paris' });
    expect(paris.status, paris.text).toBe(200);
    expect(paris.body.data.platform.timeZone).toBe('Europe/Paris');
    expect((await sync({})).body.data.platform.timeZone).toBe('Europe/Paris');
    expect((await list(ada)).body.data.platforms[0].timeZone).toBe('Europe/Paris');
    for (const timeZone of [
      'Mars/Olympus_Mons',
      'europe/paris',
      'Europe/Paris ',
      `Europe/${'A'.repeat(60)}`,
      '',
    ]) {
      const res = await sync({ timeZone });
      expect(res.status, timeZone).toBe(400);
      expect(res.body.issues).toEqual([
        expect.objectContaining({
          path: 'timeZone',
          message: 'timeZone must be an IANA time zone, like Europe/Paris',
        }),
      ]);
    }
    expect((await list(ada)).body.data.platforms[0].timeZone).toBe('Europe/Paris');
    // The sandbox connect sends the browser's zone the same way.
    const sandboxed = await api.post(
      '/api/users/platforms/sandbox',
      { platform: 'linkedin', timeZone: 'Asia/Tokyo' },
      { token: ada.accessToken },
    );
    expect(sandboxed.status, sandboxed.text).toBeLessThan(300);
    expect(sandboxed.body.data.platform.timeZone).toBe('Asia/Tokyo');
  });

  it('refuses forged cookies and stores nothing', async () => {
    const ada = await user();
    const res = await api.post(
      '/api/users/platforms/sync',
      {
        platform: 'linkedin',
        cookies: [
          { name: 'li_at', value: 'AQEDARforgedforgedforged' },
          { name: 'JSESSIONID', value: '"ajax:1234567890123456789"' },
        ],
        userAgent: 'Mozilla/5.0',
      },
      { token: ada.accessToken },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The LinkedIn session has expired. Sign in to LinkedIn and sync again.');
    expect(res.text).not.toContain('forgedforged');
    expect((await list(ada)).body.data.platforms).toEqual([]);
    const items = await scanTable();
    expect(items.filter((i) => i.pk === `USER#${ada.id}` && String(i.sk).startsWith('PLATFORM#'))).toEqual(
      [],
    );
  });

  it('refuses bad input with field issues', async () => {
    const ada = await user();
    const cases: Array<[unknown, string]> = [
      [{ platform: 'linkedin', cookies: [], userAgent: 'UA' }, 'cookies'],
      [{ platform: 'facebook', cookies: [{ name: 'a', value: 'b' }], userAgent: 'UA' }, 'platform'],
      [{ platform: 'linkedin', cookies: [{ name: 'a', value: 'b' }] }, 'userAgent'],
      [{ platform: 'linkedin', cookies: [{ name: 'a b', value: 'x' }], userAgent: 'UA' }, 'cookies.0.name'],
      [{ platform: 'linkedin', cookies: [{ name: 'a', value: 'x;y' }], userAgent: 'UA' }, 'cookies.0.value'],
      [
        { platform: 'linkedin', cookies: [{ name: 'a', value: 'v'.repeat(5000) }], userAgent: 'UA' },
        'cookies.0.value',
      ],
      [
        {
          platform: 'linkedin',
          cookies: Array.from({ length: 51 }, (_, i) => ({ name: `c${i}`, value: 'v' })),
          userAgent: 'UA',
        },
        'cookies',
      ],
    ];
    for (const [body, path] of cases) {
      const res = await api.post('/api/users/platforms/sync', body, { token: ada.accessToken });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const sandboxRes = await api.post(
      '/api/users/platforms/sandbox',
      { platform: 'myspace' },
      { token: ada.accessToken },
    );
    expect(sandboxRes.status).toBe(400);
    expect(sandboxRes.body.issues[0].path).toBe('platform');
  });
});

describe('DELETE /api/users/platforms/{id}', () => {
  it('disconnects the account', async () => {
    const ada = await user();
    const record = await connectedLinkedIn(ada);
    const res = await api.delete(`/api/users/platforms/${record.id}`, undefined, { token: ada.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'LinkedIn account disconnected' });
    expect((await list(ada)).body.data.platforms).toEqual([]);
    expect(await storedItem(ada, record.id)).toBeUndefined();
    const again = await api.delete(`/api/users/platforms/${record.id}`, undefined, {
      token: ada.accessToken,
    });
    expect(again.status).toBe(404);
  });
});

describe('access', () => {
  it("keeps one user's connections away from another: list, check, validate and delete", async () => {
    const [ada, bob] = await Promise.all([user(), user()]);
    const record = await connectedLinkedIn(ada);
    expect((await list(bob)).body.data.platforms).toEqual([]);
    expect((await check(bob, 'linkedin')).body.data.connected).toBe(false);
    const v = await validate(bob, record.id);
    expect(v.status).toBe(404);
    expect(v.body).toEqual({ code: 'NOT_FOUND', message: 'Platform connection not found' });
    const d = await api.delete(`/api/users/platforms/${record.id}`, undefined, { token: bob.accessToken });
    expect(d.status).toBe(404);
    expect((await list(ada)).body.data.platforms).toHaveLength(1);
    expect((await storedItem(ada, record.id))?.errorCount).toBe(0);
  });

  it('refuses an unverified user with 403 and an anonymous caller with 401 on every route', async () => {
    const unverified = await user({ verified: false });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/users/platforms'],
      ['GET', '/api/users/platform-connections/linkedin'],
      ['DELETE', '/api/users/platforms/abc'],
      ['PUT', '/api/users/platforms/abc/validate'],
      ['POST', '/api/users/platforms/sync', { platform: 'linkedin', cookies: [], userAgent: '' }],
      ['POST', '/api/users/platforms/sandbox', { platform: 'linkedin' }],
    ];
    for (const [method, path, body] of calls) {
      const forbidden = await api.request(method, path, body, { token: unverified.accessToken });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(forbidden.body.message).toBe('Please verify your email address to continue.');
      const anonymous = await api.request(method, path, body);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect((await list(unverified)).status).toBe(403);
  });
});
