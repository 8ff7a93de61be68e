import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS, MESSAGES } from '../../shared/auth';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import {
  type Api,
  freshAddress,
  OTHER_GOOD_PASSWORD,
  register,
  signIn,
  type TestUser,
  uniqueName,
} from '../support/api-client';
import { storeJob } from '../support/jobs';
import { lastMailTo, resetToken, SUBJECTS, verificationToken } from '../support/outbox';
import { itemsMentioning } from '../support/table-items';
import { newUser } from '../support/users';

let env: AccountsEnv;
let api: Api;
/** A verified user the tests only read, or try to change and fail. */
let carol: TestUser;
/** A verified user whose profile the profile tests change, one test after another. */
let pat: TestUser;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  [carol, pat] = await Promise.all([
    newUser({ username: uniqueName('carol') }),
    newUser({ username: uniqueName('pat') }),
  ]);
});

afterAll(async () => {
  await env?.close();
});

const validationError = (path: string, message: string) => ({
  code: 'VALIDATION_ERROR',
  message,
  issues: [{ path, message }],
});
const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Authentication required' };

const me = (token: string) => api.get('/api/auth/me', { token });
const refresh = (refreshToken: string) => api.post('/api/auth/refresh', { refreshToken });
const login = (email: string, password: string) =>
  api.from(freshAddress()).post('/api/auth/login', { email, password });

describe('PUT /api/users/profile', () => {
  it('changes first name, last name and username and answers the stored user', async () => {
    const username = uniqueName('Grace');
    const res = await api.put(
      '/api/users/profile',
      { firstName: 'Grace', lastName: 'Hopper', username },
      { token: pat.accessToken },
    );
    expect(res.status).toBe(200);
    const expected = { ...pat.user, firstName: 'Grace', lastName: 'Hopper', username };
    expect(res.body).toEqual({ data: { user: expected } });
    expect(res.text).not.toContain('passwordHash');
    expect((await me(pat.accessToken)).body.data.user).toEqual(expected);
  });

  it('keeps the e-mail whatever the body says', async () => {
    const res = await api.put(
      '/api/users/profile',
      { username: uniqueName('pat'), email: 'someone-else@example.test', emailVerified: false, plan: 'PLUS' },
      { token: pat.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: pat.email, emailVerified: true, plan: 'FREE' });
    expect((await me(pat.accessToken)).body.data.user.email).toBe(pat.email);
    // The e-mail claim did not move either: the other address is still free to register.
    await register(api, {
      email: 'someone-else@example.test',
      username: uniqueName(),
      password: OTHER_GOOD_PASSWORD,
    });
    expect((await lastMailTo(env.stateDir, 'someone-else@example.test')).subject).toContain(
      SUBJECTS.verification,
    );
  });

  it('removes a name sent empty or left out', async () => {
    const username = uniqueName('pat');
    await api.put(
      '/api/users/profile',
      { firstName: 'P', lastName: 'Q', username },
      { token: pat.accessToken },
    );
    const res = await api.put('/api/users/profile', { firstName: '', username }, { token: pat.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.user).not.toHaveProperty('firstName');
    expect(res.body.data.user).not.toHaveProperty('lastName');
  });

  it('refuses a username another user holds, in any case, with 409 on the username field', async () => {
    const before = (await me(pat.accessToken)).body.data.user;
    for (const username of [carol.username, carol.username.toUpperCase()]) {
      const res = await api.put(
        '/api/users/profile',
        { firstName: 'Changed', username },
        { token: pat.accessToken },
      );
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'CONFLICT',
        message: AUTH_TEXTS.usernameTaken,
        issues: [{ path: 'username', message: AUTH_TEXTS.usernameTaken }],
      });
    }
    expect((await me(pat.accessToken)).body.data.user).toEqual(before);
  });

  it('lets a user change the case of their own username', async () => {
    const current = (await me(pat.accessToken)).body.data.user.username as string;
    const res = await api.put(
      '/api/users/profile',
      { username: current.toUpperCase() },
      { token: pat.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe(current.toUpperCase());
  });

  it('frees the old username for someone else once it changes', async () => {
    const old = (await me(pat.accessToken)).body.data.user.username as string;
    const res = await api.put(
      '/api/users/profile',
      { username: uniqueName('pat') },
      { token: pat.accessToken },
    );
    expect(res.status).toBe(200);
    const email = `${uniqueName()}@example.test`;
    await register(api, { email, username: old.toLowerCase(), password: OTHER_GOOD_PASSWORD });
    expect((await lastMailTo(env.stateDir, email)).subject).toContain(SUBJECTS.verification);
  });

  it('refuses invalid fields with the spec messages and changes nothing', async () => {
    const before = (await me(pat.accessToken)).body.data.user;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'username', MESSAGES.usernameRequired],
      [{ username: '' }, 'username', MESSAGES.usernameRequired],
      [{ username: 'ab' }, 'username', MESSAGES.usernameLength],
      [{ username: 'x'.repeat(31) }, 'username', MESSAGES.usernameLength],
      [{ username: 'no spaces' }, 'username', MESSAGES.usernameChars],
      [{ username: 'pat', firstName: 'F'.repeat(51) }, 'firstName', MESSAGES.firstNameLength],
      [{ username: 'pat', lastName: 'L'.repeat(51) }, 'lastName', MESSAGES.lastNameLength],
    ];
    for (const [body, path, message] of cases) {
      const res = await api.put('/api/users/profile', body, { token: pat.accessToken });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(validationError(path, message));
    }
    const malformed = await api.put('/api/users/profile', undefined, { token: pat.accessToken, raw: '{' });
    expect(malformed.status).toBe(400);
    expect((await me(pat.accessToken)).body.data.user).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await api.put('/api/users/profile', { username: uniqueName() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });
});

describe('POST /api/users/change-password', () => {
  it('refuses a wrong current password with 400 on currentPassword', async () => {
    const res = await api.post(
      '/api/users/change-password',
      { currentPassword: 'Not-Her-Password-1', newPassword: OTHER_GOOD_PASSWORD },
      { token: carol.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationError('currentPassword', AUTH_TEXTS.currentPasswordWrong));
  });

  it('refuses a common new password, whatever its case', async () => {
    const res = await api.post(
      '/api/users/change-password',
      { currentPassword: carol.password, newPassword: 'pASSWORD1' },
      { token: carol.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationError('newPassword', MESSAGES.passwordCommon));
  });

  it('refuses missing and weak passwords with the spec messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ newPassword: OTHER_GOOD_PASSWORD }, 'currentPassword', MESSAGES.currentPasswordRequired],
      [{ currentPassword: carol.password }, 'newPassword', MESSAGES.newPasswordRequired],
      [{ currentPassword: carol.password, newPassword: 'Short1' }, 'newPassword', MESSAGES.passwordTooShort],
      [
        { currentPassword: carol.password, newPassword: 'lowercase-only-1' },
        'newPassword',
        MESSAGES.passwordWeak,
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await api.post('/api/users/change-password', body, { token: carol.accessToken });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError(path, message));
    }
  });

  it('changes the password, keeps this session and ends the others and earlier reset links', async () => {
    const user = await newUser();
    const other = await signIn(api, user.email, user.password);
    await api.from(freshAddress()).post('/api/auth/forgot-password', { email: user.email });
    const earlierLink = await resetToken(env.stateDir, user.email);

    const res = await api.post(
      '/api/users/change-password',
      { currentPassword: user.password, newPassword: OTHER_GOOD_PASSWORD },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.passwordChanged });

    expect((await me(user.accessToken)).status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(401);

    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, OTHER_GOOD_PASSWORD)).status).toBe(200);

    const reset = await api.post('/api/auth/reset-password', {
      token: earlierLink,
      password: 'Third-Pass-Word-3',
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({ code: 'VALIDATION_ERROR', message: AUTH_TEXTS.invalidResetLink });
  });

  it('answers 401 without a session', async () => {
    const res = await api.post('/api/users/change-password', {
      currentPassword: carol.password,
      newPassword: OTHER_GOOD_PASSWORD,
    });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/users/account', () => {
  it('refuses a wrong password with 400 and keeps the account', async () => {
    const res = await api.delete(
      '/api/users/account',
      { password: 'Not-Her-Password-1' },
      { token: carol.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationError('password', AUTH_TEXTS.passwordWrong));
    expect((await me(carol.accessToken)).status).toBe(200);
  });

  it('refuses a missing password with the spec message', async () => {
    for (const body of [{}, { password: '' }]) {
      const res = await api.delete('/api/users/account', body, { token: carol.accessToken });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError('password', MESSAGES.passwordRequired));
    }
  });

  it('deletes the account: no sign-in, no session, nothing left in the table, e-mail and username free again', async () => {
    const user = await newUser();
    const other = await signIn(api, user.email, user.password, true);
    await api.post('/api/billing/start-trial', undefined, { token: user.accessToken });

    const res = await api.delete(
      '/api/users/account',
      { password: user.password },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.accountDeleted });

    for (const session of [user, other]) {
      expect((await me(session.accessToken)).status).toBe(401);
      expect((await refresh(session.refreshToken)).status).toBe(401);
    }
    const signInAgain = await login(user.email, user.password);
    expect(signInAgain.status).toBe(401);
    expect(signInAgain.body).toEqual({ code: 'UNAUTHORIZED', message: AUTH_TEXTS.invalidCredentials });
    expect(await itemsMentioning(user.id)).toEqual([]);

    await register(api, {
      email: user.email,
      username: user.username.toUpperCase(),
      password: OTHER_GOOD_PASSWORD,
    });
    expect((await lastMailTo(env.stateDir, user.email)).subject).toContain(SUBJECTS.verification);
  });

  // The user's unused links sit outside their partition; deletion must find them through its pointers.
  it('leaves no unused verification or reset link of a deleted account in the table', async () => {
    const user = await newUser({ verified: false });
    await api.from(freshAddress()).post('/api/auth/forgot-password', { email: user.email });
    const res = await api.delete(
      '/api/users/account',
      { password: user.password },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    expect(await itemsMentioning(user.id)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const res = await api.delete('/api/users/account', { password: carol.password });
    expect(res.status).toBe(401);
    expect((await me(carol.accessToken)).status).toBe(200);
  });
});

describe('a signed-in user whose e-mail is not verified yet', () => {
  it('uses the signed-in routes, is refused the verified ones, and gets them after verifying without signing in again', async () => {
    const user = await newUser({ verified: false });
    await storeJob(user.id, 'auto-1', { status: 'completed' });
    const filter = () =>
      api.post(
        '/api/leads/ai-filter',
        { query: 'CTO in Berlin', automationId: 'auto-1' },
        { token: user.accessToken },
      );

    const before = await me(user.accessToken);
    expect(before.status).toBe(200);
    expect(before.body.data.user.emailVerified).toBe(false);
    const profile = await api.put(
      '/api/users/profile',
      { firstName: 'Una', username: user.username },
      { token: user.accessToken },
    );
    expect(profile.status).toBe(200);

    const refused = await filter();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Please verify your email address to continue.',
    });

    await api.post('/api/auth/verify-email', { token: await verificationToken(env.stateDir, user.email) });
    const allowed = await filter();
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(allowed.text).toContain('"type":"results"');
  });
});

describe('guessing the current password (change-password, delete-account)', () => {
  const TOO_MANY = { code: 'RATE_LIMITED', message: AUTH_TEXTS.tooManyAttempts };
  const changePassword = (client: Api, user: TestUser, currentPassword: string) =>
    client.post(
      '/api/users/change-password',
      { currentPassword, newPassword: OTHER_GOOD_PASSWORD },
      { token: user.accessToken },
    );
  const deleteAccount = (client: Api, user: TestUser, password: string) =>
    client.delete('/api/users/account', { password }, { token: user.accessToken });

  it('answers 429 with retry-after to the sixth wrong current password from one client, and the right one elsewhere still changes it', async () => {
    const user = await newUser();
    const thief = api.from(freshAddress());
    for (let i = 0; i < 5; i++) {
      const res = await changePassword(thief, user, `Wrong-Guess-${i}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError('currentPassword', AUTH_TEXTS.currentPasswordWrong));
    }
    const refused = await changePassword(thief, user, 'Wrong-Guess-5');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900 + 60); // the window and its oldest bucket
    // Refused before the check: not even the right password gets through from that client now.
    expect((await changePassword(thief, user, user.password)).status).toBe(429);

    const owner = await changePassword(api.from(freshAddress()), user, user.password);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ message: AUTH_TEXTS.passwordChanged });
  });

  it('answers 429 to the sixth wrong password at account deletion and keeps the account', async () => {
    const user = await newUser();
    const thief = api.from(freshAddress());
    for (let i = 0; i < 5; i++) {
      const res = await deleteAccount(thief, user, `Wrong-Guess-${i}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError('password', AUTH_TEXTS.passwordWrong));
    }
    const refused = await deleteAccount(thief, user, user.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect((await me(user.accessToken)).status).toBe(200);

    expect((await deleteAccount(api.from(freshAddress()), user, user.password)).status).toBe(200);
    expect((await me(user.accessToken)).status).toBe(401);
  });

  it('counts wrong passwords at sign-in, password change and deletion together, per account and client', async () => {
    const user = await newUser();
    const address = freshAddress();
    const thief = api.from(address);
    for (let i = 0; i < 2; i++) {
      const res = await thief.post('/api/auth/login', { email: user.email, password: `Wrong-Guess-${i}` });
      expect(res.status).toBe(401);
    }
    expect((await changePassword(thief, user, 'Wrong-Guess-2')).status).toBe(400);
    expect((await changePassword(thief, user, 'Wrong-Guess-3')).status).toBe(400);
    expect((await deleteAccount(thief, user, 'Wrong-Guess-4')).status).toBe(400);
    // The sixth guess, whichever route it comes by.
    expect(
      (await thief.post('/api/auth/login', { email: user.email, password: 'Wrong-Guess-5' })).status,
    ).toBe(429);
    expect((await changePassword(thief, user, 'Wrong-Guess-6')).status).toBe(429);
    // The owner signs in from their own client.
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});
