import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession, type SandboxPlatforms, startSandboxPlatforms } from '../../scripts/sandbox-platforms';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, createUser, OTHER_GOOD_PASSWORD, type TestUser, uniqueName } from '../support/api-client';
import { setEnv } from '../support/integration-env';

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

const newUser = (options: { verified?: boolean } = {}) =>
  createUser(api, env.stateDir, { username: uniqueName('pair'), ...options });
const pair = (token: string | undefined) => api.post('/api/users/extension/pair', undefined, { token });
const listOf = (token: string) => api.get('/api/users/platforms', { token });

async function paired(user: TestUser) {
  const res = await pair(user.accessToken);
  expect(res.status, res.text).toBe(201);
  return res.body.data as { accessToken: string; refreshToken: string; expiresIn: number };
}

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
});
