import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../functions/auth/tokens';
import { accessTokenKey } from '../../functions/core/auth';
import { keys } from '../../functions/core/table';
import { AUTH_TEXTS, MESSAGES } from '../../shared/auth';
import { type AccountsEnv, APP_URL, useAccountsEnv } from '../support/accounts-env';
import {
  type Api,
  createUser,
  freshAddress,
  GOOD_PASSWORD,
  newUserInput,
  OTHER_GOOD_PASSWORD,
  register,
  signIn,
  type TestUser,
  uniqueName,
} from '../support/api-client';
import { lastMailTo, linkTo, mailsTo, resetToken, SUBJECTS, verificationToken } from '../support/outbox';
import { inOneWindow } from '../support/rate-windows';
import { expireItem, getItem, scanTable } from '../support/table-items';

let env: AccountsEnv;
let api: Api;
/** A verified user the tests below only read or sign in as, never change. */
let ada: TestUser;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  ada = await createUser(api, env.stateDir, { username: uniqueName('ada') });
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
const SESSION_ENDED = { code: 'UNAUTHORIZED', message: AUTH_TEXTS.sessionExpired };
const TOO_MANY = { code: 'RATE_LIMITED', message: AUTH_TEXTS.tooManyAttempts };

const me = (token: string) => api.get('/api/auth/me', { token });
const refresh = (refreshToken: string) => api.post('/api/auth/refresh', { refreshToken });
/** Each reset request from its own address, so the per-address mail limit stays with its own test. */
const requestReset = (email: string) => api.from(freshAddress()).post('/api/auth/forgot-password', { email });

function expectRetryAfter(headers: Headers, windowSeconds: number) {
  const seconds = Number(headers.get('retry-after'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
}

/** Runs `count` calls, `width` at a time (each login failure costs a real scrypt check). */
async function inBatches<T>(count: number, width: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += width) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, j) => call(i + j)))),
    );
  }
  return out;
}

describe('request bodies of the public account routes', () => {
  const routes = [
    '/api/auth/register',
    '/api/auth/verify-email',
    '/api/auth/resend-verification',
    '/api/auth/login',
    '/api/auth/refresh',
    '/api/auth/forgot-password',
    '/api/auth/reset-password',
  ];

  it('answers 400 to a body that is not valid JSON', async () => {
    for (const path of routes) {
      const res = await api.post(path, undefined, { raw: '{"email": "ada@example.test",' });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Request body must be valid JSON',
      });
    }
  });

  it('answers 400 with an issue to a JSON body that is not an object', async () => {
    for (const path of routes) {
      for (const raw of ['[]', '"ada@example.test"', '42', 'null']) {
        const res = await api.post(path, undefined, { raw });
        expect(res.status, `${path} ${raw}`).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
        expect(res.body.issues).toEqual([{ path: '', message: res.body.message }]);
      }
    }
  });
});

describe('POST /api/auth/register', () => {
  it('answers 201 with the spec message and mails a single-use verification link to the web app', async () => {
    const input = newUserInput();
    const res = await api.post('/api/auth/register', input);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: AUTH_TEXTS.registered });

    const mails = await mailsTo(env.stateDir, input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Verify your email for Trobly');
    const link = linkTo(mails[0]!, '/verify-email');
    expect(link.origin).toBe(APP_URL);
    // 128 random bits, base64url.
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('stores the e-mail in lower case, so any spelling of it signs in', async () => {
    const name = uniqueName('Mixed');
    const input = newUserInput({ username: name, email: `  ${name.toUpperCase()}@Example.TEST ` });
    await register(api, input);
    const lower = `${name.toLowerCase()}@example.test`;
    expect((await lastMailTo(env.stateDir, lower)).to).toBe(lower);

    const session = await signIn(api, `${name.toUpperCase()}@EXAMPLE.test`, input.password);
    expect(session.user.email).toBe(lower);
  });

  it('answers an existing e-mail with the same 201 and tells its owner by mail, without a verification link', async () => {
    const before = (await mailsTo(env.stateDir, ada.email)).length;
    const res = await api.post(
      '/api/auth/register',
      newUserInput({ email: ada.email.toUpperCase(), password: OTHER_GOOD_PASSWORD }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: AUTH_TEXTS.registered });

    const mails = (await mailsTo(env.stateDir, ada.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['Someone tried to sign up to Trobly with your email']);
    expect(mails[0]!.links.map((l) => new URL(l).pathname).sort()).toEqual(['/forgot-password', '/login']);
    expect(mails[0]!.links.every((l) => new URL(l).origin === APP_URL)).toBe(true);

    // The account keeps its own password: the newcomer's does not sign in.
    const login = await api
      .from(freshAddress())
      .post('/api/auth/login', { email: ada.email, password: OTHER_GOOD_PASSWORD });
    expect(login.status).toBe(401);
  });

  it('refuses a username taken in any case with 409 on the username field, and creates nothing', async () => {
    const input = newUserInput({ username: ada.username.toUpperCase() });
    const res = await api.post('/api/auth/register', { ...input, email: `${uniqueName()}@example.test` });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'CONFLICT',
      message: AUTH_TEXTS.usernameTaken,
      issues: [{ path: 'username', message: AUTH_TEXTS.usernameTaken }],
    });
  });

  it('leaves the e-mail of a refused registration free for the next try', async () => {
    const email = `${uniqueName()}@example.test`;
    const taken = await api.post('/api/auth/register', newUserInput({ email, username: ada.username }));
    expect(taken.status).toBe(409);
    expect(await mailsTo(env.stateDir, email)).toEqual([]);

    await register(api, newUserInput({ email }));
    expect((await lastMailTo(env.stateDir, email)).subject).toContain(SUBJECTS.verification);
  });

  it('answers a taken username with the same 409 whether or not the e-mail has an account, and mails no one', async () => {
    const owner = newUserInput();
    await register(api, owner);
    const client = api.from(freshAddress());
    const unknown = `${uniqueName()}@example.test`;
    const before = (await mailsTo(env.stateDir, owner.email)).length;
    const answers = [];
    for (const email of [owner.email, unknown]) {
      const res = await client.post('/api/auth/register', newUserInput({ email, username: ada.username }));
      answers.push({ status: res.status, text: res.text });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(409);
    expect(JSON.parse(answers[0]!.text)).toEqual({
      code: 'CONFLICT',
      message: AUTH_TEXTS.usernameTaken,
      issues: [{ path: 'username', message: AUTH_TEXTS.usernameTaken }],
    });
    expect(await mailsTo(env.stateDir, owner.email)).toHaveLength(before);
    expect(await mailsTo(env.stateDir, unknown)).toEqual([]);
  });

  it('answers a free username with the same 201 whether or not the e-mail has an account', async () => {
    const owner = newUserInput();
    await register(api, owner);
    const client = api.from(freshAddress());
    const known = await client.post('/api/auth/register', newUserInput({ email: owner.email }));
    const unknown = await client.post('/api/auth/register', newUserInput());
    expect(known.status).toBe(201);
    expect(known.text).toBe(unknown.text);
    expect(known.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
  });

  it('limits sign-ups to 10 per client address an hour, for new and known e-mails alike', async () => {
    await inOneWindow(3600, 20);
    const owner = newUserInput();
    await register(api, owner);
    const client = api.from(freshAddress());
    const inputs = [...Array.from({ length: 9 }, () => newUserInput()), newUserInput({ email: owner.email })];
    const answers = await inBatches(inputs.length, 5, (i) => client.post('/api/auth/register', inputs[i]));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));

    const eleventh = newUserInput();
    const refused = await client.post('/api/auth/register', eleventh);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expectRetryAfter(refused.headers, 3600);
    // Refused before anything is created or mailed; from another client the same sign-up goes through.
    expect(await mailsTo(env.stateDir, eleventh.email)).toEqual([]);
    await register(api, eleventh);
    expect((await lastMailTo(env.stateDir, eleventh.email)).subject).toContain(SUBJECTS.verification);
  });

  it('refuses each invalid field with the message of the spec, and sends nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: undefined }, 'email', MESSAGES.emailRequired],
      [{ email: '' }, 'email', MESSAGES.emailRequired],
      [{ email: '   ' }, 'email', MESSAGES.emailRequired],
      [{ email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
      [{ email: 'ada@' }, 'email', MESSAGES.emailInvalid],
      [{ password: undefined }, 'password', MESSAGES.passwordRequired],
      [{ password: 'Short1' }, 'password', MESSAGES.passwordTooShort],
      [{ password: 'lowercase-only-1' }, 'password', MESSAGES.passwordWeak],
      [{ password: 'UPPERCASE-ONLY-1' }, 'password', MESSAGES.passwordWeak],
      [{ password: 'No-Digits-Here' }, 'password', MESSAGES.passwordWeak],
      [{ password: `Aa1${'x'.repeat(254)}` }, 'password', 'Password must be 256 characters or less'],
      [{ username: undefined }, 'username', MESSAGES.usernameLength],
      [{ username: 'ab' }, 'username', MESSAGES.usernameLength],
      [{ username: 'a'.repeat(31) }, 'username', MESSAGES.usernameLength],
      [{ username: 'ada lovelace' }, 'username', MESSAGES.usernameChars],
      [{ username: 'ada.lovelace' }, 'username', MESSAGES.usernameChars],
      [{ firstName: 'A'.repeat(51) }, 'firstName', MESSAGES.firstNameLength],
      [{ lastName: 'L'.repeat(51) }, 'lastName', MESSAGES.lastNameLength],
    ];
    for (const [change, path, message] of cases) {
      const input = { ...newUserInput(), ...change };
      const res = await api.post('/api/auth/register', input);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toEqual(validationError(path, message));
      if (typeof input.email === 'string' && input.email.includes('@example.test')) {
        expect(await mailsTo(env.stateDir, input.email)).toEqual([]);
      }
    }
  });

  it('accepts names of exactly 50 characters and usernames of 3 and 30', async () => {
    const long = newUserInput({
      username: `${uniqueName('x')}${'x'.repeat(30)}`.slice(0, 30),
      firstName: 'F'.repeat(50),
      lastName: 'L'.repeat(50),
    });
    const short = newUserInput({ username: randomThreeLetters() });
    for (const input of [long, short]) {
      await register(api, input);
      const verified = await api.post('/api/auth/verify-email', {
        token: await verificationToken(env.stateDir, input.email),
      });
      expect(verified.body.data.user).toMatchObject({
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
      });
    }
    expect(long.username).toHaveLength(30);
    expect(short.username).toHaveLength(3);
  });

  it('refuses common passwords, whatever their case', async () => {
    for (const password of ['Password1', 'Qwerty123', 'pAsSwOrD1', 'QWERTy123']) {
      const res = await api.post('/api/auth/register', newUserInput({ password }));
      expect(res.status, password).toBe(400);
      expect(res.body, password).toEqual(validationError('password', MESSAGES.passwordCommon));
    }
  });
});

/** A 3-character username unlikely to be taken in this file's fresh table. */
function randomThreeLetters(): string {
  return uniqueName('').replace('_', '').slice(0, 3);
}

describe('POST /api/auth/verify-email', () => {
  it('verifies the address once; the same link then answers 400', async () => {
    const input = newUserInput();
    await register(api, input);
    const token = await verificationToken(env.stateDir, input.email);

    const first = await api.post('/api/auth/verify-email', { token });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(AUTH_TEXTS.emailVerified);
    expect(first.body.data.user).toMatchObject({ email: input.email, emailVerified: true });
    expect(first.text).not.toContain('passwordHash');

    const again = await api.post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'VALIDATION_ERROR', message: AUTH_TEXTS.invalidVerificationLink });
  });

  it('refuses a link older than 24 hours', async () => {
    const input = newUserInput();
    await register(api, input);
    const token = await verificationToken(env.stateDir, input.email);
    await expireItem(keys.oneTimeToken(sha256(token)));

    const res = await api.post('/api/auth/verify-email', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: AUTH_TEXTS.invalidVerificationLink });
  });

  it('refuses an unknown token and a missing one', async () => {
    const unknown = await api.post('/api/auth/verify-email', { token: 'not-a-token-we-sent' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 'VALIDATION_ERROR', message: AUTH_TEXTS.invalidVerificationLink });
    for (const body of [{}, { token: '' }, { token: '   ' }]) {
      const res = await api.post('/api/auth/verify-email', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError('token', MESSAGES.verifyTokenMissing));
    }
  });

  it('keeps verification and reset links only as hashes, and no form of a refresh token, in the table', async () => {
    const input = newUserInput();
    await register(api, input);
    const verifyToken = await verificationToken(env.stateDir, input.email);
    expect((await requestReset(input.email)).status).toBe(200);
    const reset = await resetToken(env.stateDir, input.email);
    const refreshMac = ada.refreshToken.split('.')[3]!;

    const stored = JSON.stringify(await scanTable());
    for (const raw of [verifyToken, reset, refreshMac]) expect(stored).not.toContain(raw);
    // What is stored is the SHA-256 (so the link can be found), not the link.
    expect(stored).toContain(`TOKEN#${sha256(verifyToken)}`);
    expect(stored).toContain(`TOKEN#${sha256(reset)}`);
    // A refresh token is proved by its MAC: the session keeps only the current generation.
    expect(stored).not.toContain(sha256(refreshMac));
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('answers the same for unknown, unverified and verified addresses, and mails only the unverified one', async () => {
    const client = api.from(freshAddress());
    const unverified = newUserInput();
    await register(api, unverified);
    const unknown = `${uniqueName()}@example.test`;
    const before = {
      unverified: (await mailsTo(env.stateDir, unverified.email)).length,
      verified: (await mailsTo(env.stateDir, ada.email)).length,
    };

    const answers = [];
    for (const email of [unknown, unverified.email, ada.email]) {
      const res = await client.post('/api/auth/resend-verification', { email });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, body: { message: AUTH_TEXTS.verificationSent } }));

    expect(await mailsTo(env.stateDir, unknown)).toEqual([]);
    expect(await mailsTo(env.stateDir, ada.email)).toHaveLength(before.verified);
    const sent = (await mailsTo(env.stateDir, unverified.email)).slice(before.unverified);
    expect(sent.map((m) => m.subject)).toEqual(['Verify your email for Trobly']);
    // The new link works.
    const res = await api.post('/api/auth/verify-email', {
      token: await verificationToken(env.stateDir, unverified.email),
    });
    expect(res.status).toBe(200);
  });

  it('answers 429 with retry-after to the fourth request for one address within an hour', async () => {
    const email = `${uniqueName()}@example.test`;
    const client = api.from(freshAddress());
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/auth/resend-verification', { email })).status).toBe(200);
    }
    // Even from another client address: the limit is the address's.
    const res = await api.from(freshAddress()).post('/api/auth/resend-verification', { email });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
    expectRetryAfter(res.headers, 3600);

    const other = await client.post('/api/auth/resend-verification', {
      email: `${uniqueName()}@example.test`,
    });
    expect(other.status).toBe(200);
  });

  it('answers 429 to a client address after 10 requests across addresses', async () => {
    const client = api.from(freshAddress());
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/auth/resend-verification', {
        email: `${uniqueName()}@example.test`,
      });
      expect(res.status).toBe(200);
    }
    const res = await client.post('/api/auth/resend-verification', { email: `${uniqueName()}@example.test` });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
  });

  it('refuses a missing or invalid e-mail with the spec messages', async () => {
    const client = api.from(freshAddress());
    const missing = await client.post('/api/auth/resend-verification', {});
    expect(missing.body).toEqual(validationError('email', MESSAGES.emailRequired));
    const invalid = await client.post('/api/auth/resend-verification', { email: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(validationError('email', MESSAGES.emailInvalid));
  });
});

describe('POST /api/auth/login', () => {
  it('answers tokens and the public user, and never the password hash', async () => {
    const res = await api.post('/api/auth/login', { email: ada.email, password: ada.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
      user: {
        id: ada.id,
        email: ada.email,
        username: ada.username,
        firstName: 'Ada',
        lastName: 'Tester',
        plan: 'FREE',
        trialEndsAt: null,
        emailVerified: true,
        createdAt: expect.any(String),
      },
    });
    expect(res.text).not.toMatch(/passwordHash|passwordChangedAt|scrypt\$/);
  });

  it('issues an HS256 access token for trobly-app that lives 15 minutes and names its session', async () => {
    const header = decodeProtectedHeader(ada.accessToken);
    expect(header.alg).toBe('HS256');
    const claims = decodeJwt(ada.accessToken);
    expect(claims).toMatchObject({ iss: 'trobly', aud: 'trobly-app', sub: ada.id, sid: ada.sessionId });
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('answers a wrong password and an unknown e-mail with the identical 401', async () => {
    const client = api.from(freshAddress());
    const wrong = await client.post('/api/auth/login', { email: ada.email, password: 'Wrong-Password-1' });
    const unknown = await client.post('/api/auth/login', {
      email: `${uniqueName()}@example.test`,
      password: ada.password,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.body).toEqual({ code: 'UNAUTHORIZED', message: AUTH_TEXTS.invalidCredentials });
  });

  it('answers 429 to the sixth wrong password for one account from one client, after a right one gave its count back', async () => {
    await inOneWindow(900, 25);
    const input = newUserInput();
    await register(api, input);
    const attacker = api.from(freshAddress());
    const wrong = () =>
      attacker.post('/api/auth/login', { email: input.email, password: 'Wrong-Password-1' });
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    // A right password gives its count back: the limit counts failures only.
    expect(
      (await attacker.post('/api/auth/login', { email: input.email, password: input.password })).status,
    ).toBe(200);
    expect((await wrong()).status).toBe(401);
    const refused = await wrong();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expectRetryAfter(refused.headers, 900);

    // The count lives in the table, where every Lambda instance sees it; the refused attempt counted too.
    const counters = (await scanTable()).filter((i) =>
      String(i.pk).startsWith(`RATE#password-fail:email-ip:${input.email}:`),
    );
    expect(counters).toHaveLength(1);
    expect(counters[0]).toMatchObject({ count: 6, expiresAt: expect.any(Number) });

    // The owner, from their own client, is not punished for the attacker's guesses.
    const owner = await api
      .from(freshAddress())
      .post('/api/auth/login', { email: input.email, password: input.password });
    expect(owner.status).toBe(200);
    // Another account from the attacker's client is not affected either.
    expect(
      (await attacker.post('/api/auth/login', { email: ada.email, password: ada.password })).status,
    ).toBe(200);
  });

  it("never refuses the owner's right password after failures from many clients, and slows it by at most 3 s", async () => {
    await inOneWindow(900, 25);
    const input = newUserInput();
    await register(api, input);
    const attackers = [api.from(freshAddress()), api.from(freshAddress())];
    // Ten failures, five from each client: the most two clients may try; none is refused.
    for (const attacker of attackers) {
      const answers = await inBatches(5, 5, () =>
        attacker.post('/api/auth/login', { email: input.email, password: 'Wrong-Password-1' }),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(5).fill(401));
    }
    // A third client's guess is still checked (401, not 429), only slowed down.
    const third = await api
      .from(freshAddress())
      .post('/api/auth/login', { email: input.email, password: 'Wrong-Password-2' });
    expect(third.status).toBe(401);

    const started = performance.now();
    const owner = await api
      .from(freshAddress())
      .post('/api/auth/login', { email: input.email, password: input.password });
    const took = performance.now() - started;
    expect(owner.status).toBe(200);
    // Twelve attempts of the account in the window: the wait is at its cap, 3 s, and no more.
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(3000 + 2500);
    // The right password gave its count back, and the owner's next sign-in is not refused either.
    expect(
      (
        await api
          .from(freshAddress())
          .post('/api/auth/login', { email: input.email, password: input.password })
      ).status,
    ).toBe(200);
  });

  // Guards against checking counters before counting: guesses sent at once must not outrun the limit.
  it('checks at most 5 passwords of one account from one client even when the guesses arrive at once', async () => {
    await inOneWindow(900, 25);
    const input = newUserInput();
    await register(api, input);
    const attacker = api.from(freshAddress());
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        attacker.post('/api/auth/login', { email: input.email, password: `Wrong-Guess-${i}` }),
      ),
    );
    const checked = guesses.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(10 - checked);
  });

  it('locks a client address after 20 failures across different e-mails', async () => {
    await inOneWindow(900, 25);
    const address = freshAddress();
    const client = api.from(address);
    const failures = await inBatches(20, 4, () =>
      client.post('/api/auth/login', { email: `${uniqueName()}@example.test`, password: 'Wrong-Password-1' }),
    );
    expect(failures.map((r) => r.status)).toEqual(Array(20).fill(401));

    const locked = await client.post('/api/auth/login', { email: ada.email, password: ada.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(TOO_MANY);
    const ip = address.replace(/:\d+$/, '');
    const counters = (await scanTable()).filter((i) => i.pk === `RATE#password-fail:ip:${ip}`);
    expect(counters).toHaveLength(1);
    expect(counters[0]).toMatchObject({ count: 21 });

    // The account itself is fine from elsewhere.
    const elsewhere = await api
      .from(freshAddress())
      .post('/api/auth/login', { email: ada.email, password: ada.password });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses invalid input with the spec messages', async () => {
    const client = api.from(freshAddress());
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: 'x' }, 'email', MESSAGES.emailRequired],
      [{ email: 'nope', password: 'x' }, 'email', MESSAGES.emailInvalid],
      [{ email: ada.email }, 'password', MESSAGES.passwordRequired],
      [{ email: ada.email, password: '' }, 'password', MESSAGES.passwordRequired],
    ];
    for (const [body, path, message] of cases) {
      const res = await client.post('/api/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError(path, message));
    }
    const remember = await client.post('/api/auth/login', {
      email: ada.email,
      password: ada.password,
      rememberMe: 'yes',
    });
    expect(remember.status).toBe(400);
    expect(remember.body.issues).toEqual([{ path: 'rememberMe', message: expect.any(String) }]);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and answers like login, for the same session', async () => {
    const session = await signIn(api, ada.email, ada.password);
    const res = await refresh(session.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
      user: expect.objectContaining({ id: ada.id, email: ada.email }),
    });
    expect(res.body.data.refreshToken).not.toBe(session.refreshToken);
    expect(res.text).not.toContain('passwordHash');
    expect(decodeJwt(res.body.data.accessToken).sid).toBe(session.sessionId);
    expect((await me(res.body.data.accessToken)).status).toBe(200);
  });

  it("answers a plain 401 to a refresh token made of a victim's ids and an invented secret, and changes nothing", async () => {
    const session = await signIn(api, ada.email, ada.password);
    const [userId, sessionId, generation] = session.refreshToken.split('.');
    const forged = [
      `${userId}.${sessionId}.${generation}.${'A'.repeat(43)}`,
      // Generations the session has not reached, and ones it has passed, alike.
      `${userId}.${sessionId}.7.${'B'.repeat(43)}`,
      `${userId}.${sessionId}.0.invented`,
      // The token format of before (user.session.secret).
      `${userId}.${sessionId}.${'C'.repeat(43)}`,
    ];
    const rotated = (await refresh(session.refreshToken)).body.data;
    for (const token of forged) {
      const res = await refresh(token);
      expect(res.status, token).toBe(401);
      expect(res.body).toEqual(SESSION_ENDED);
    }
    // The victim's session goes on: its access works and its current refresh token renews it.
    expect((await me(rotated.accessToken)).status).toBe(200);
    expect((await refresh(rotated.refreshToken)).status).toBe(200);
  });

  it('ends the whole session when a refresh token that was already used comes back', async () => {
    const session = await signIn(api, ada.email, ada.password);
    const rotated = (await refresh(session.refreshToken)).body.data;

    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(SESSION_ENDED);

    // The thief's copy and the rightful newer token are both dead now, and so is the session's access.
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
    expect((await me(rotated.accessToken)).status).toBe(401);
    expect((await me(session.accessToken)).status).toBe(401);
    // Other sessions of the user are not touched.
    expect((await me(ada.accessToken)).status).toBe(200);
  });

  it('answers 401 to a token it never issued and 400 to a missing one', async () => {
    for (const refreshToken of ['garbage', 'a.b.c', `${ada.id}.not-a-session.secret`, '...']) {
      const res = await refresh(refreshToken);
      expect(res.status, refreshToken).toBe(401);
      expect(res.body).toEqual(SESSION_ENDED);
    }
    const missing = await api.post('/api/auth/refresh', {});
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe('refreshToken');
    expect((await me(ada.accessToken)).status).toBe(200);
  });

  it('gives a remember-me session 30 days and a browser session 24 hours, which refreshing does not extend', async () => {
    const remembered = await signIn(api, ada.email, ada.password, true);
    const browser = await signIn(api, ada.email, ada.password, false);
    const now = Date.now() / 1000;
    const rememberedItem = await getItem(keys.session(ada.id, remembered.sessionId));
    const browserItem = await getItem(keys.session(ada.id, browser.sessionId));
    expect(Number(rememberedItem?.expiresAt) - now).toBeGreaterThan(30 * 86400 - 120);
    expect(Number(rememberedItem?.expiresAt) - now).toBeLessThanOrEqual(30 * 86400 + 1);
    expect(Number(browserItem?.expiresAt) - now).toBeGreaterThan(86400 - 120);
    expect(Number(browserItem?.expiresAt) - now).toBeLessThanOrEqual(86400 + 1);

    expect((await refresh(browser.refreshToken)).status).toBe(200);
    expect((await getItem(keys.session(ada.id, browser.sessionId)))?.expiresAt).toBe(browserItem?.expiresAt);
  });

  it('refuses to renew a session whose lifetime has run out', async () => {
    const session = await signIn(api, ada.email, ada.password);
    await expireItem(keys.session(ada.id, session.sessionId));
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await me(session.accessToken)).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it("ends this session's access and refresh tokens at once and leaves the user's other sessions open", async () => {
    const leaving = await signIn(api, ada.email, ada.password);
    const staying = await signIn(api, ada.email, ada.password);

    const res = await api.post('/api/auth/logout', undefined, { token: leaving.accessToken });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    expect((await me(leaving.accessToken)).status).toBe(401);
    expect((await refresh(leaving.refreshToken)).status).toBe(401);
    expect((await me(staying.accessToken)).status).toBe(200);
    expect((await refresh(staying.refreshToken)).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await api.post('/api/auth/logout');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user without the password hash', async () => {
    const res = await me(ada.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { user: ada.user } });
    expect(res.text).not.toContain('passwordHash');
  });

  it('answers 401 without a token, and to tokens signed with another secret, unsigned, expired or for another audience', async () => {
    const claims = { sid: ada.sessionId, email_verified: true };
    const now = Math.floor(Date.now() / 1000);
    const signed = (
      key: Uint8Array,
      {
        exp = now + 300,
        aud = 'trobly-app',
        iss = 'trobly',
      }: { exp?: number; aud?: string; iss?: string } = {},
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(ada.id)
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt(now - 1000)
        .setExpirationTime(exp)
        .sign(key);
    const ours = accessTokenKey(env.secret);
    const theirs = accessTokenKey(Buffer.alloc(32, 7).toString('base64url'));

    // The forging itself is right: the same claims with our secret do get in.
    expect((await me(await signed(ours))).status).toBe(200);

    const refused = {
      missing: await api.get('/api/auth/me'),
      notBearer: await api.get('/api/auth/me', { headers: { authorization: `Basic ${ada.accessToken}` } }),
      otherSecret: await me(await signed(theirs)),
      unsigned: await me(
        new UnsecuredJWT(claims)
          .setSubject(ada.id)
          .setIssuer('trobly')
          .setAudience('trobly-app')
          .setIssuedAt()
          .setExpirationTime('5m')
          .encode(),
      ),
      expired: await me(await signed(ours, { exp: now - 60 })),
      otherAudience: await me(await signed(ours, { aud: 'someone-else' })),
      otherIssuer: await me(await signed(ours, { iss: 'someone-else' })),
      garbage: await me('not.a.jwt'),
    };
    for (const [name, res] of Object.entries(refused)) {
      expect(res.status, name).toBe(401);
      expect(res.body, name).toEqual(UNAUTHORIZED);
    }
  });

  it('shows a verification made after signing in, without signing in again', async () => {
    const input = newUserInput();
    await register(api, input);
    const session = await signIn(api, input.email, input.password);
    expect((await me(session.accessToken)).body.data.user.emailVerified).toBe(false);

    await api.post('/api/auth/verify-email', { token: await verificationToken(env.stateDir, input.email) });
    expect((await me(session.accessToken)).body.data.user.emailVerified).toBe(true);
  });
});

describe('POST /api/auth/forgot-password and POST /api/auth/reset-password', () => {
  it('answers known and unknown addresses alike and mails a reset link only to the known one', async () => {
    const unknown = `${uniqueName()}@example.test`;
    const before = (await mailsTo(env.stateDir, ada.email)).length;
    const known = await requestReset(ada.email);
    const stranger = await requestReset(unknown);
    expect(known.status).toBe(200);
    expect(known.text).toBe(stranger.text);
    expect(known.body).toEqual({ message: AUTH_TEXTS.resetSent });

    expect(await mailsTo(env.stateDir, unknown)).toEqual([]);
    const sent = (await mailsTo(env.stateDir, ada.email)).slice(before);
    expect(sent.map((m) => m.subject)).toEqual(['Reset your Trobly password']);
    const link = linkTo(sent[0]!, '/reset-password');
    expect(link.origin).toBe(APP_URL);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('resets the password once with the mailed link and ends every session of the account', async () => {
    const user = await createUser(api, env.stateDir);
    const second = await signIn(api, user.email, user.password, true);
    await requestReset(user.email);
    const token = await resetToken(env.stateDir, user.email);

    const res = await api.post('/api/auth/reset-password', { token, password: OTHER_GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.passwordReset });

    for (const session of [user, second]) {
      expect((await me(session.accessToken)).status).toBe(401);
      expect((await refresh(session.refreshToken)).status).toBe(401);
    }
    const client = api.from(freshAddress());
    const old = await client.post('/api/auth/login', { email: user.email, password: user.password });
    expect(old.status).toBe(401);
    expect(
      (await client.post('/api/auth/login', { email: user.email, password: OTHER_GOOD_PASSWORD })).status,
    ).toBe(200);

    const again = await api.post('/api/auth/reset-password', { token, password: 'Another-Fine-Pass-9' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'VALIDATION_ERROR', message: AUTH_TEXTS.invalidResetLink });
  });

  it('refuses a reset link older than one hour', async () => {
    const input = newUserInput();
    await register(api, input);
    await requestReset(input.email);
    const token = await resetToken(env.stateDir, input.email);
    await expireItem(keys.oneTimeToken(sha256(token)));

    const res = await api.post('/api/auth/reset-password', { token, password: OTHER_GOOD_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: AUTH_TEXTS.invalidResetLink });
  });

  it('refuses a reset link issued before a later password change', async () => {
    const input = newUserInput();
    await register(api, input);
    await requestReset(input.email);
    const older = await resetToken(env.stateDir, input.email);
    await requestReset(input.email);
    const newer = await resetToken(env.stateDir, input.email);
    expect(newer).not.toBe(older);

    expect(
      (await api.post('/api/auth/reset-password', { token: newer, password: OTHER_GOOD_PASSWORD })).status,
    ).toBe(200);
    const res = await api.post('/api/auth/reset-password', { token: older, password: 'Another-Fine-Pass-9' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: AUTH_TEXTS.invalidResetLink });
  });

  it('refuses a common password without spending the link, and a reset verifies the address', async () => {
    const input = newUserInput();
    await register(api, input);
    await requestReset(input.email);
    const token = await resetToken(env.stateDir, input.email);

    for (const password of ['Password1', 'qWERTY123']) {
      const res = await api.post('/api/auth/reset-password', { token, password });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError('password', MESSAGES.passwordCommon));
    }
    expect(
      (await api.post('/api/auth/reset-password', { token, password: OTHER_GOOD_PASSWORD })).status,
    ).toBe(200);
    const session = await signIn(api, input.email, OTHER_GOOD_PASSWORD);
    expect(session.user.emailVerified).toBe(true);
  });

  it('refuses a missing token and a weak password with the spec messages', async () => {
    const missing = [{ password: GOOD_PASSWORD }, { token: '', password: GOOD_PASSWORD }];
    for (const body of missing) {
      const res = await api.post('/api/auth/reset-password', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError('token', MESSAGES.resetTokenMissing));
    }
    const cases: Array<[string | undefined, string]> = [
      [undefined, MESSAGES.passwordRequired],
      ['Short1', MESSAGES.passwordTooShort],
      ['lowercase-only-1', MESSAGES.passwordWeak],
    ];
    for (const [password, message] of cases) {
      const res = await api.post('/api/auth/reset-password', { token: 'some-token', password });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError('password', message));
    }
    const client = api.from(freshAddress());
    expect((await client.post('/api/auth/forgot-password', {})).body).toEqual(
      validationError('email', MESSAGES.emailRequired),
    );
    expect((await client.post('/api/auth/forgot-password', { email: 'nope' })).body).toEqual(
      validationError('email', MESSAGES.emailInvalid),
    );
  });

  it('answers 429 with retry-after to the fourth reset request for one address within an hour', async () => {
    const email = `${uniqueName()}@example.test`;
    for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(200);
    const res = await requestReset(email);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
    expectRetryAfter(res.headers, 3600);
  });
});
