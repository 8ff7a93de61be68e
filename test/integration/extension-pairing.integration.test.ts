import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/core/table';
import { issueSession, type SandboxPlatforms, startSandboxPlatforms } from '../../scripts/sandbox-platforms';
import { AUTH_TEXTS } from '../../shared/auth';
import { PAIRING, PAIRING_TEXTS } from '../../shared/extension';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, freshAddress, OTHER_GOOD_PASSWORD, type TestUser } from '../support/api-client';
import { setEnv } from '../support/integration-env';
import { signedInAgo } from '../support/sessions';
import { scanTable } from '../support/table-items';
import { joinTeam, switchWorkspace } from '../support/teams';
import { newUser } from '../support/users';

/** `POST /api/users/extension/pair`: the extension's own session, and what it may do with it. */
let env: AccountsEnv;
let api: Api;
let sandbox: SandboxPlatforms;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  sandbox = await startSandboxPlatforms();
  setEnv(sandbox.env);
});

afterAll(async () => {
  await env?.close();
  await sandbox?.stop();
});

const pair = (token: string | undefined, body?: { password: string }, client: Api = api) =>
  client.post('/api/users/extension/pair', body, { token });
const listOf = (token: string) => api.get('/api/users/platforms', { token });

async function paired(user: TestUser) {
  const res = await pair(user.accessToken);
  expect(res.status, res.text).toBe(201);
  return res.body.data as { accessToken: string; refreshToken: string; expiresIn: number };
}

const pairedSessionsOf = async (userId: string) =>
  (await scanTable()).filter((item) => item.pk === keys.userPartition(userId) && item.kind === 'extension');

async function syncLinkedIn(token: string) {
  const session = await issueSession('linkedin');
  return api.post(
    '/api/users/platforms/sync',
    { platform: 'linkedin', cookies: session.cookies, userAgent: session.userAgent },
    { token },
  );
}

describe('POST /api/users/extension/pair', () => {
  it('gives the extension a session of its own that syncs cookies for the user and renews itself', async () => {
    const ada = await newUser();
    const res = await pair(ada.accessToken);
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('Extension paired');
    const tokens = res.body.data;
    expect(tokens.user.id).toBe(ada.id);
    expect(tokens.expiresIn).toBeGreaterThan(0);
    // Its own session, not a copy of the page's.
    expect(tokens.refreshToken.split('.')[1]).not.toBe(ada.sessionId);

    const synced = await syncLinkedIn(tokens.accessToken);
    expect(synced.status, synced.text).toBe(201);
    const list = await listOf(ada.accessToken);
    expect(list.body.data.platforms.map((p: { platform: string }) => p.platform)).toEqual(['LINKEDIN']);

    const renewed = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(renewed.status, renewed.text).toBe(200);
    expect((await syncLinkedIn(renewed.body.data.accessToken)).status).toBe(200);
  });

  it("syncs into the workspace the pairing came from: a member's extension paired in a team's workspace connects the team's", async () => {
    const [owner, mate] = await Promise.all([newUser({ plan: 'PLUS' }), newUser()]);
    await joinTeam(api, env.stateDir, owner, mate);
    const inTeam = await paired(mate);
    expect((await syncLinkedIn(inTeam.accessToken)).status).toBe(201);
    const platformsOf = async (token: string) =>
      (await listOf(token)).body.data.platforms.map((p: { platform: string }) => p.platform);
    expect(await platformsOf(owner.accessToken)).toEqual(['LINKEDIN']);

    // Paired from the mate's own workspace, the extension syncs there.
    await switchWorkspace(api, mate, mate.id);
    const own = await paired(mate);
    expect((await syncLinkedIn(own.accessToken)).status).toBe(201);
    expect(await platformsOf(mate.accessToken)).toEqual(['LINKEDIN']);
  });

  it('stays paired when the user signs out of the web app', async () => {
    const ada = await newUser();
    const tokens = await paired(ada);
    expect((await api.post('/api/auth/logout', undefined, { token: ada.accessToken })).status).toBe(204);

    expect((await syncLinkedIn(tokens.accessToken)).status).toBe(201);
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(200);
  });

  it('is ended by a password change, like every other session of the user', async () => {
    const ada = await newUser();
    const tokens = await paired(ada);
    const changed = await api.post(
      '/api/users/change-password',
      { currentPassword: ada.password, newPassword: OTHER_GOOD_PASSWORD },
      { token: ada.accessToken },
    );
    expect(changed.status, changed.text).toBe(200);

    expect((await syncLinkedIn(tokens.accessToken)).status).toBe(401);
    expect((await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
  });

  it('refuses an unverified e-mail with 403 and a caller without a valid token with 401', async () => {
    const unverified = await newUser({ verified: false });
    const refused = await pair(unverified.accessToken);
    expect(refused.status, refused.text).toBe(403);

    expect((await pair(undefined)).status).toBe(401);
    expect((await pair('not-a-token')).status).toBe(401);
  });

  it("syncs into the pairing user's account only", async () => {
    const ada = await newUser();
    const bob = await newUser();
    const tokens = await paired(ada);
    expect((await syncLinkedIn(tokens.accessToken)).status).toBe(201);

    expect((await listOf(bob.accessToken)).body.data.platforms).toEqual([]);
    expect((await listOf(ada.accessToken)).body.data.platforms).toHaveLength(1);
  });

  it("refuses to pair from the extension's own session, before and after it renews (no chain of sessions)", async () => {
    const ada = await newUser();
    const tokens = await paired(ada);
    const refused = await pair(tokens.accessToken);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toEqual({ code: 'FORBIDDEN', message: PAIRING_TEXTS.notFromExtension });

    const renewed = await api.post('/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(renewed.status).toBe(200);
    expect((await pair(renewed.body.data.accessToken)).status).toBe(403);
    expect(await pairedSessionsOf(ada.id)).toHaveLength(1);
  });

  it(`keeps at most ${PAIRING.maxSessions} paired extensions: pairing again ends the oldest`, async () => {
    const ada = await newUser();
    const pairings = [];
    for (let i = 0; i < PAIRING.maxSessions; i++) pairings.push(await paired(ada));
    expect(await pairedSessionsOf(ada.id)).toHaveLength(PAIRING.maxSessions);
    // Up to the bound, every pairing stays alive.
    for (const tokens of pairings) expect((await syncLinkedIn(tokens.accessToken)).status).toBeLessThan(300);

    const newest = await paired(ada);
    expect(await pairedSessionsOf(ada.id)).toHaveLength(PAIRING.maxSessions);
    expect((await syncLinkedIn(pairings[0]!.accessToken)).status).toBe(401);
    expect((await api.post('/api/auth/refresh', { refreshToken: pairings[0]!.refreshToken })).status).toBe(
      401,
    );
    for (const tokens of [...pairings.slice(1), newest])
      expect((await syncLinkedIn(tokens.accessToken)).status).toBe(200);
    // The web session that paired is not one of them.
    expect((await listOf(ada.accessToken)).status).toBe(200);
  });

  it('pairs without the password from a sign-in just under 15 minutes old', async () => {
    const ada = await newUser();
    await signedInAgo(ada, PAIRING.recentSignInSeconds - 5);
    expect((await pair(ada.accessToken)).status).toBe(201);
  });

  it('asks for the password from a sign-in older than 15 minutes, refuses a wrong one, pairs with the right one', async () => {
    const ada = await newUser();
    await signedInAgo(ada, PAIRING.recentSignInSeconds + 1);

    const asked = await pair(ada.accessToken);
    expect(asked.status, asked.text).toBe(403);
    expect(asked.body).toEqual({
      code: 'FORBIDDEN',
      message: PAIRING_TEXTS.passwordNeeded,
      issues: [{ path: 'password', message: PAIRING_TEXTS.passwordNeeded }],
    });
    const wrong = await pair(ada.accessToken, { password: `${ada.password}x` });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'password', message: AUTH_TEXTS.passwordWrong }]);
    expect(await pairedSessionsOf(ada.id)).toHaveLength(0);

    const right = await pair(ada.accessToken, { password: ada.password });
    expect(right.status, right.text).toBe(201);
    expect((await syncLinkedIn(right.body.data.accessToken)).status).toBe(201);
  });

  it('counts wrong pairing passwords like sign-in guesses (429 after five from one client)', async () => {
    const ada = await newUser();
    await signedInAgo(ada, PAIRING.recentSignInSeconds + 60);
    const client = api.from(freshAddress());
    for (let i = 0; i < 5; i++) {
      expect((await pair(ada.accessToken, { password: `Wrong-${i}-Pass1` }, client)).status).toBe(400);
    }
    const limited = await pair(ada.accessToken, { password: ada.password }, client);
    expect(limited.status, limited.text).toBe(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: AUTH_TEXTS.tooManyAttempts });
  });
});
