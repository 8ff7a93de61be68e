import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS, MESSAGES } from '../../shared/auth';
import { freshAddress, newUserInput, register, uniqueName } from '../support/api-client';
import {
  ada,
  api,
  expectRetryAfter,
  inBatches,
  startAuthSuite,
  TOO_MANY,
  validationError,
} from '../support/auth-suite';
import { scanTable } from '../support/table-items';

/** Signing in: POST /api/auth/login, its answers, lockouts and rate limits. */
startAuthSuite();

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
    // One or two one-minute buckets (two when the attempts cross a minute's edge), 6 in all.
    expect(counters.length).toBeGreaterThanOrEqual(1);
    expect(counters.reduce((sum, b) => sum + Number(b.count), 0)).toBe(6);
    for (const bucket of counters) expect(bucket).toMatchObject({ expiresAt: expect.any(Number) });

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
    // The 21 attempts land in one or two of the window's one-minute buckets (two when a slow machine
    // takes them across a minute's edge); together they count every attempt once.
    const buckets = (await scanTable()).filter((i) => i.pk === `RATE#password-fail:ip:${ip}`);
    expect(buckets.length).toBeGreaterThanOrEqual(1);
    expect(buckets.reduce((sum, b) => sum + Number(b.count), 0)).toBe(21);

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
