import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../shared/auth';
import { type AccountsEnv, APP_URL, useAccountsEnv } from '../support/accounts-env';
import {
  type Api,
  freshAddress,
  newUserInput,
  OTHER_GOOD_PASSWORD,
  register,
  signIn,
  type TestUser,
  uniqueName,
} from '../support/api-client';
import { resetToken, verificationToken } from '../support/outbox';
import { itemsMentioning } from '../support/table-items';
import { newUser } from '../support/users';

/**
 * DESIGN.md convention 10: every user-owned route, called with user A's session, acts on A only and
 * leaves user B as B was.
 */
let env: AccountsEnv;
let api: Api;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  [alice, bob] = await Promise.all([
    newUser({ username: uniqueName('alice'), firstName: 'Alice', lastName: 'A' }),
    newUser({
      username: uniqueName('bob'),
      firstName: 'Bob',
      lastName: 'B',
      password: 'Bobs-Own-Pass-31',
    }),
  ]);
});

afterAll(async () => {
  await env?.close();
});

const me = async (user: { accessToken: string }) => api.get('/api/auth/me', { token: user.accessToken });
const userOf = async (user: { accessToken: string }) => (await me(user)).body.data.user;

describe("user A's session never reaches user B", () => {
  it('GET /api/auth/me answers the user of the token', async () => {
    expect(await userOf(alice)).toMatchObject({ id: alice.id, email: alice.email });
    expect(await userOf(bob)).toMatchObject({ id: bob.id, email: bob.email });
  });

  it("PUT /api/users/profile changes A's profile and leaves B's as it was", async () => {
    const bobBefore = await userOf(bob);
    const username = uniqueName('alice');
    const res = await api.put(
      '/api/users/profile',
      { firstName: 'Mallory', lastName: 'M', username },
      { token: alice.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: alice.id, firstName: 'Mallory', username });
    expect(await userOf(bob)).toEqual(bobBefore);
  });

  it("POST /api/users/change-password changes A's password and ends only A's other sessions", async () => {
    const a = await newUser();
    const bobBefore = await userOf(bob);
    const res = await api.post(
      '/api/users/change-password',
      { currentPassword: a.password, newPassword: OTHER_GOOD_PASSWORD },
      { token: a.accessToken },
    );
    expect(res.status).toBe(200);
    expect((await me(bob)).status).toBe(200);
    expect(await userOf(bob)).toEqual(bobBefore);
    // B's password is B's own still.
    const login = await api
      .from(freshAddress())
      .post('/api/auth/login', { email: bob.email, password: bob.password });
    expect(login.status).toBe(200);
  });

  it("POST /api/users/change-password checks the current password of A, not B's", async () => {
    const res = await api.post(
      '/api/users/change-password',
      { currentPassword: bob.password, newPassword: OTHER_GOOD_PASSWORD },
      { token: alice.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_TEXTS.currentPasswordWrong);
  });

  it("DELETE /api/users/account deletes A only, and B's password does not delete anything with A's session", async () => {
    const a = await newUser();
    const wrong = await api.delete(
      '/api/users/account',
      { password: bob.password },
      { token: a.accessToken },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(AUTH_TEXTS.passwordWrong);

    const res = await api.delete('/api/users/account', { password: a.password }, { token: a.accessToken });
    expect(res.status).toBe(200);
    expect((await me(a)).status).toBe(401);
    expect((await me(bob)).status).toBe(200);
    const bobItems = await itemsMentioning(bob.id);
    expect(bobItems.map((i) => i.sk)).toEqual(
      expect.arrayContaining(['PROFILE', `SESSION#${bob.sessionId}`]),
    );
  });

  it("POST /api/auth/logout ends A's session and leaves B signed in", async () => {
    const aSession = await signIn(api, alice.email, alice.password);
    const res = await api.post('/api/auth/logout', undefined, { token: aSession.accessToken });
    expect(res.status).toBe(204);
    expect((await me(aSession)).status).toBe(401);
    expect((await me(bob)).status).toBe(200);
    expect((await me(alice)).status).toBe(200);
  });

  it("POST /api/auth/refresh does not accept A's refresh token under B's user id", async () => {
    const aSession = await signIn(api, alice.email, alice.password);
    const [, ...rest] = aSession.refreshToken.split('.');
    const res = await api.post('/api/auth/refresh', { refreshToken: [bob.id, ...rest].join('.') });
    expect(res.status).toBe(401);
    expect((await me(bob)).status).toBe(200);
    // A's session was not disturbed by the attempt either.
    expect((await api.post('/api/auth/refresh', { refreshToken: aSession.refreshToken })).status).toBe(200);
  });

  it("POST /api/billing/start-trial starts A's trial and leaves B's plan and trial untouched", async () => {
    const bobPlan = (await userOf(bob)).plan;
    const res = await api.post('/api/billing/start-trial', undefined, { token: alice.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(alice.id);
    expect(await userOf(bob)).toMatchObject({ plan: bobPlan, trialEndsAt: null });
    // B's own trial is still available.
    expect((await api.post('/api/billing/start-trial', undefined, { token: bob.accessToken })).status).toBe(
      200,
    );
  });

  it("POST /api/billing/create-checkout-session opens a checkout for A that, paid by anyone, changes only A's plan", async () => {
    const bobBefore = await userOf(bob);
    const res = await api.post(
      '/api/billing/create-checkout-session',
      { planId: 'plus', successUrl: `${APP_URL}/dashboard`, cancelUrl: `${APP_URL}/pricing` },
      { token: alice.accessToken },
    );
    expect(res.status).toBe(200);
    const id = new URL(res.body.checkoutUrl).pathname.split('/').at(-1)!;

    const shown = await api.get(`/api/billing/sandbox/${id}`, { token: bob.accessToken });
    expect(shown.body.data.session.email).toBe(alice.email);
    // Completing A's checkout from B's browser still pays for A.
    const paid = await api.post(`/api/billing/sandbox/${id}/complete`, undefined, { token: bob.accessToken });
    expect(paid.status).toBe(200);
    expect((await userOf(alice)).plan).toBe('PLUS');
    expect(await userOf(bob)).toEqual(bobBefore);
  });
});

describe("user A's e-mailed links never reach user B", () => {
  it("A's verification link verifies A only", async () => {
    const a = newUserInput();
    const b = newUserInput();
    await Promise.all([register(api, a), register(api, b)]);
    const res = await api.post('/api/auth/verify-email', {
      token: await verificationToken(env.stateDir, a.email),
    });
    expect(res.body.data.user).toMatchObject({ email: a.email, emailVerified: true });
    const bSession = await signIn(api, b.email, b.password);
    expect(bSession.user.emailVerified).toBe(false);
  });

  it("A's reset link resets A's password only and ends only A's sessions", async () => {
    const a = await newUser();
    await api.from(freshAddress()).post('/api/auth/forgot-password', { email: a.email });
    const res = await api.post('/api/auth/reset-password', {
      token: await resetToken(env.stateDir, a.email),
      password: 'Fresh-Reset-Pass-5',
    });
    expect(res.status).toBe(200);
    expect((await me(a)).status).toBe(401);
    expect((await me(bob)).status).toBe(200);
  });
});
