import { describe, expect, it } from 'vitest';
import { sha256 } from '../../functions/auth/tokens';
import { keys } from '../../functions/core/table';
import { AUTH_TEXTS, MESSAGES } from '../../shared/auth';
import { APP_URL } from '../support/accounts-env';
import {
  freshAddress,
  newUserInput,
  OTHER_GOOD_PASSWORD,
  register,
  signIn,
  uniqueName,
} from '../support/api-client';
import {
  ada,
  api,
  env,
  expectRetryAfter,
  inBatches,
  requestReset,
  startAuthSuite,
  TOO_MANY,
  validationError,
} from '../support/auth-suite';
import { lastMailTo, linkTo, mailsTo, resetToken, SUBJECTS, verificationToken } from '../support/outbox';
import { expireItem, scanTable } from '../support/table-items';

/** Signing up: the request bodies of the public account routes, registration, e-mail verification and its resend. */
startAuthSuite();

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
      [{ username: undefined }, 'username', MESSAGES.usernameRequired],
      [{ username: '  ' }, 'username', MESSAGES.usernameRequired],
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
