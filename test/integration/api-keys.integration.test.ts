import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/auth/user-repository';
import { apiKeySecretHash, verifyApiKey } from '../../functions/core/api-key-auth';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_PATTERN,
  API_KEY_RECENT_SIGN_IN_SECONDS,
  API_KEY_REQUESTS_PER_MINUTE,
  API_KEY_TEXTS,
  API_KEYS_MAX,
  type ApiKeyScope,
} from '../../shared/api-key-texts';
import { AUTH_TEXTS } from '../../shared/auth';
import { TEAM_TEXTS } from '../../shared/team-texts';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import type { Api, TestUser } from '../support/api-client';
import { lastMailTo } from '../support/outbox';
import { signedInAgo } from '../support/sessions';
import { getItem, itemsMentioning } from '../support/table-items';
import { joinTeam } from '../support/teams';
import { newUser, warmUsers } from '../support/users';

/**
 * API keys (issue 39 point 1) on DynamoDB Local through the route table: a PRO or PLUS owner creates,
 * lists and revokes keys (the secret answered once, stored as its hash only); a key acts in its
 * workspace within its scopes on the rows that name one and nowhere else; it stops at once when revoked,
 * expired, or when the plan no longer has keys; it has its own rate limit; and it goes with the account.
 */
let env: AccountsEnv;
let api: Api;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  await warmUsers(16, 'keys');
});

afterAll(async () => {
  await env?.close();
});

const createKey = (owner: TestUser, body: Record<string, unknown>) =>
  api.post('/api/keys', body, { token: owner.accessToken });
async function newKey(owner: TestUser, scopes: ApiKeyScope[], extra: Record<string, unknown> = {}) {
  const res = await createKey(owner, { name: 'CRM sync', scopes, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { key: { id: string; prefix: string }; secret: string };
}
const keysOf = async (owner: TestUser) => {
  const res = await api.get('/api/keys', { token: owner.accessToken });
  expect(res.status, res.text).toBe(200);
  return res.body.data.keys as Array<{ id: string; lastUsedAt: string | null }>;
};
const forbidden = (message: string) => ({ code: 'FORBIDDEN', message });
const invalid = { code: 'UNAUTHORIZED', message: API_KEY_TEXTS.invalid };
const validation = (message: string) => ({ code: 'VALIDATION_ERROR', message, issues: expect.any(Array) });

describe('POST /api/keys', () => {
  it('answers the secret once and lists the key by its prefix, storing only the hash', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const res = await createKey(owner, { name: '  CRM sync  ', scopes: ['flows:read', 'leads:read'] });
    expect(res.status, res.text).toBe(201);
    const { key, secret } = res.body.data;
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(key).toEqual({
      id: expect.any(String),
      name: 'CRM sync',
      prefix: secret.slice(0, 12),
      // In the scopes' own order, whatever order the request named them in.
      scopes: ['leads:read', 'flows:read'],
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
    });
    const listed = await api.get('/api/keys', { token: owner.accessToken });
    expect(listed.body.data.keys).toEqual([key]);
    expect(listed.text).not.toContain(secret);
    expect(await itemsMentioning(secret)).toEqual([]);
    expect(await getItem(keys.apiKeySecret(apiKeySecretHash(secret)))).toMatchObject({
      ownerId: owner.id,
      keyId: key.id,
    });
    // The owner is told, with the key's name and prefix, never its secret.
    const mail = await lastMailTo(env.stateDir, owner.email, 'A new API key was created');
    expect(mail.text).toContain(`An API key named "CRM sync" (${key.prefix}…) was just created`);
    expect(mail.text).toContain('It may: leads:read, flows:read.');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(secret);
  });

  it('is refused below PRO with the upgrade words, and made on PRO and PLUS', async () => {
    for (const plan of ['FREE', 'TRIAL', 'BASE'] as const) {
      const user = await newUser({ plan });
      const res = await createKey(user, { name: 'k', scopes: ['leads:read'] });
      expect(res.status, `${plan}: ${res.text}`).toBe(403);
      expect(res.body).toEqual(forbidden(API_KEY_TEXTS.notInPlan));
    }
    for (const plan of ['PRO', 'PLUS'] as const) await newKey(await newUser({ plan }), ['leads:read']);
  });

  it('refuses a bad name, scopes or expiry with the field named, and takes a name of exactly 60', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '   ', scopes: ['leads:read'] }, API_KEY_TEXTS.nameBlank],
      [{ name: 'x'.repeat(API_KEY_NAME_MAX_LENGTH + 1), scopes: ['leads:read'] }, API_KEY_TEXTS.nameTooLong],
      [{ name: 'k', scopes: [] }, API_KEY_TEXTS.scopesRequired],
      [{ name: 'k', scopes: ['billing:write'] }, API_KEY_TEXTS.scopeUnknown],
      [{ name: 'k', scopes: ['leads:read'], expiresAt: 'next week' }, API_KEY_TEXTS.expiryInvalid],
      [
        { name: 'k', scopes: ['leads:read'], expiresAt: new Date(Date.now() - 1000).toISOString() },
        API_KEY_TEXTS.expiryPast,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await createKey(owner, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual(validation(message));
    }
    expect(await keysOf(owner)).toEqual([]);
    const longest = await newKey(owner, ['leads:read'], { name: 'x'.repeat(API_KEY_NAME_MAX_LENGTH) });
    expect(longest.key).toMatchObject({ name: 'x'.repeat(API_KEY_NAME_MAX_LENGTH) });
  });

  it('holds at most 10 keys, also when twelve are asked for at once, and a revoke frees a place', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_MAX + 2 }, (_, i) =>
        createKey(owner, { name: `k${i}`, scopes: ['leads:read'] }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(API_KEYS_MAX);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toEqual({ code: 'CONFLICT', message: API_KEY_TEXTS.tooMany });
    }
    const listed = await keysOf(owner);
    expect(listed).toHaveLength(API_KEYS_MAX);
    expect(
      (await api.delete(`/api/keys/${listed[0]!.id}`, undefined, { token: owner.accessToken })).status,
    ).toBe(200);
    await newKey(owner, ['leads:read']);
    expect(await keysOf(owner)).toHaveLength(API_KEYS_MAX);
  });

  it('asks for the password after 15 minutes of sign-in, refuses a wrong one, and takes the right one', async () => {
    const owner = await newUser({ plan: 'PRO' });
    await signedInAgo(owner, API_KEY_RECENT_SIGN_IN_SECONDS - 60);
    await newKey(owner, ['leads:read']);
    await signedInAgo(owner, API_KEY_RECENT_SIGN_IN_SECONDS + 1);
    const asked = await createKey(owner, { name: 'k', scopes: ['leads:read'] });
    expect(asked.status, asked.text).toBe(403);
    expect(asked.body).toEqual({
      code: 'FORBIDDEN',
      message: API_KEY_TEXTS.passwordNeeded,
      issues: [{ path: 'password', message: API_KEY_TEXTS.passwordNeeded }],
    });
    const wrong = await createKey(owner, {
      name: 'k',
      scopes: ['leads:read'],
      password: 'Not-The-Password-1',
    });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'VALIDATION_ERROR', message: AUTH_TEXTS.passwordWrong });
    expect(await keysOf(owner)).toHaveLength(1);
    await newKey(owner, ['leads:read'], { password: owner.password });
    expect(await keysOf(owner)).toHaveLength(2);
  });

  it('is refused to the paired extension’s own session', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const paired = await api.post('/api/users/extension/pair', undefined, { token: owner.accessToken });
    expect(paired.status, paired.text).toBe(201);
    const res = await api.post(
      '/api/keys',
      { name: 'k', scopes: ['leads:read'], password: owner.password },
      { token: paired.body.data.accessToken },
    );
    expect(res.status, res.text).toBe(403);
    expect(res.body).toEqual(forbidden(API_KEY_TEXTS.notFromExtension));
    expect(await keysOf(owner)).toEqual([]);
  });

  it('is the owner’s: a member acting in the workspace is refused, and so is a key', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const member = await newUser();
    await joinTeam(api, env.stateDir, owner, member);
    const res = await api.post(
      '/api/keys',
      { name: 'k', scopes: ['leads:read'] },
      { token: member.accessToken },
    );
    expect(res.status, res.text).toBe(403);
    expect(res.body).toEqual(forbidden(TEAM_TEXTS.ownerOnly));
    const { secret } = await newKey(owner, ['leads:read', 'flows:read', 'automations:run']);
    for (const [method, path] of [
      ['POST', '/api/keys'],
      ['GET', '/api/keys'],
      ['GET', '/api/auth/me'],
      ['GET', '/api/team'],
      ['GET', '/api/users/usage'],
      ['POST', '/api/billing/start-trial'],
    ] as const) {
      const body = method === 'POST' ? { name: 'k', scopes: ['leads:read'] } : undefined;
      const refused = await api.request(method, path, body, { token: secret });
      expect(refused.status, `${method} ${path}: ${refused.text}`).toBe(403);
      expect(refused.body).toEqual(forbidden(API_KEY_TEXTS.routeNotAllowed));
    }
    expect(await keysOf(owner)).toHaveLength(1);
  });
});

describe('a key at work', () => {
  it('reads what the owner reads, within its scopes, and says which scope is missing', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const { secret } = await newKey(owner, ['flows:read']);
    const asOwner = await api.get('/api/flows', { token: owner.accessToken });
    const asKey = await api.get('/api/flows', { token: secret });
    expect(asKey.status, asKey.text).toBe(200);
    expect(asKey.body).toEqual(asOwner.body);
    const leads = await api.get('/api/automation', { token: secret });
    expect(leads.status).toBe(403);
    expect(leads.body).toEqual(forbidden(API_KEY_TEXTS.scopeMissing('leads:read')));
  });

  it('stops at once when revoked; a second revoke and another workspace’s revoke are 404', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const other = await newUser({ plan: 'PRO' });
    const { key, secret } = await newKey(owner, ['leads:read']);
    expect((await api.get('/api/automation', { token: secret })).status).toBe(200);
    const theirs = await api.delete(`/api/keys/${key.id}`, undefined, { token: other.accessToken });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ code: 'NOT_FOUND', message: API_KEY_TEXTS.notFound });
    expect((await api.get('/api/automation', { token: secret })).status).toBe(200);

    const revoked = await api.delete(`/api/keys/${key.id}`, undefined, { token: owner.accessToken });
    expect(revoked.status, revoked.text).toBe(200);
    const after = await api.get('/api/automation', { token: secret });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(invalid);
    expect((await api.delete(`/api/keys/${key.id}`, undefined, { token: owner.accessToken })).status).toBe(
      404,
    );
    expect(await getItem(keys.apiKeySecret(apiKeySecretHash(secret)))).toBeUndefined();
  });

  it('works until its expiry and not from it', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const { key, secret } = await newKey(owner, ['leads:read'], {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await api.get('/api/automation', { token: secret })).status).toBe(200);
    // Its lookup's expiry moved to a second ago, as if the minute had passed.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKeySecret(apiKeySecretHash(secret)),
        UpdateExpression: 'SET keyExpiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const expired = await api.get('/api/automation', { token: secret });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(invalid);
    // Still listed (with its expiry), so the owner sees why and revokes it.
    expect((await keysOf(owner)).map((k) => k.id)).toEqual([key.id]);
  });

  it('is refused while the owner’s plan has no keys, and works again when it has', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const { secret } = await newKey(owner, ['leads:read']);
    await updateUser(owner.id, { plan: 'BASE' });
    const lapsed = await api.get('/api/automation', { token: secret });
    expect(lapsed.status).toBe(403);
    expect(lapsed.body).toEqual(forbidden(API_KEY_TEXTS.planLapsed));
    expect(await keysOf(owner)).toHaveLength(1);
    await updateUser(owner.id, { plan: 'PRO' });
    expect((await api.get('/api/automation', { token: secret })).status).toBe(200);
  });

  it('serves until the instant of its expiry and not at it', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const expiresAt = new Date(Date.now() + 3_600_000);
    const { key, secret } = await newKey(owner, ['leads:read'], { expiresAt: expiresAt.toISOString() });
    const served = await verifyApiKey(secret, 'leads:read', new Date(expiresAt.getTime() - 1));
    expect(served.key.id).toBe(key.id);
    await expect(verifyApiKey(secret, 'leads:read', expiresAt)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: API_KEY_TEXTS.invalid,
    });
  });

  it('needs a verified e-mail on the routes that do, as a session does', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const { secret } = await newKey(owner, ['leads:read', 'flows:read']);
    await updateUser(owner.id, { emailVerified: false });
    const verifiedRow = await api.get('/api/flows', { token: secret });
    expect(verifiedRow.status).toBe(403);
    expect(verifiedRow.body).toEqual(forbidden('Please verify your email address to continue.'));
    expect((await api.get('/api/automation', { token: secret })).status).toBe(200);
    await updateUser(owner.id, { emailVerified: true });
    expect((await api.get('/api/flows', { token: secret })).status).toBe(200);
  });

  it('answers 401 for a key that never existed, whatever its shape', async () => {
    for (const token of ['trbk_', `trbk_${'A'.repeat(40)}`, `trbk_${'A'.repeat(41)}`, 'trbk_not a key']) {
      const res = await api.get('/api/automation', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, token).toBe(401);
    }
  });

  it('notes its last use, at most once a minute', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const { secret } = await newKey(owner, ['leads:read']);
    const before = Date.now();
    expect((await api.get('/api/automation', { token: secret })).status).toBe(200);
    const [first] = await keysOf(owner);
    expect(Date.parse(first!.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await api.get('/api/automation', { token: secret })).status).toBe(200);
    expect((await keysOf(owner))[0]!.lastUsedAt).toBe(first!.lastUsedAt);
    // A minute and a second later, the next use is written.
    const stale = new Date(Date.now() - 61_000).toISOString();
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(owner.id, first!.id),
        UpdateExpression: 'SET lastUsedAt = :stale',
        ExpressionAttributeValues: { ':stale': stale },
      }),
    );
    expect((await api.get('/api/automation', { token: secret })).status).toBe(200);
    expect(Date.parse((await keysOf(owner))[0]!.lastUsedAt!)).toBeGreaterThan(Date.parse(stale) + 60_000);
  });

  it(`allows ${API_KEY_REQUESTS_PER_MINUTE} requests a minute per key, then 429 with when to retry`, async () => {
    const owner = await newUser({ plan: 'PRO' });
    const { secret } = await newKey(owner, ['leads:read']);
    const other = await newKey(owner, ['leads:read']);
    const statuses: number[] = [];
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () => api.get('/api/automation', { token: secret })),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_KEY_REQUESTS_PER_MINUTE);
    const over = await api.get('/api/automation', { token: secret });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 'RATE_LIMITED', message: API_KEY_TEXTS.rateLimited });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Each key has its own count; the owner's session is not counted.
    expect((await api.get('/api/automation', { token: other.secret })).status).toBe(200);
    expect((await api.get('/api/automation', { token: owner.accessToken })).status).toBe(200);
  });

  it('goes with the owner’s account: the lookup too, so the key is refused', async () => {
    const owner = await newUser({ plan: 'PRO' });
    const { secret } = await newKey(owner, ['leads:read']);
    const res = await api.delete(
      '/api/users/account',
      { password: owner.password },
      { token: owner.accessToken },
    );
    expect(res.status, res.text).toBe(200);
    expect(await getItem(keys.apiKeySecret(apiKeySecretHash(secret)))).toBeUndefined();
    expect((await api.get('/api/automation', { token: secret })).status).toBe(401);
  });
});
