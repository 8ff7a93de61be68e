import { describe, expect, it } from 'vitest';
import { sha256 } from '../../functions/auth/tokens';
import { keys } from '../../functions/core/table';
import { AUTH_TEXTS, MESSAGES } from '../../shared/auth';
import { APP_URL } from '../support/accounts-env';
import {
  freshAddress,
  GOOD_PASSWORD,
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
  me,
  refresh,
  requestReset,
  startAuthSuite,
  TOO_MANY,
  validationError,
} from '../support/auth-suite';
import { linkTo, mailsTo, resetToken } from '../support/outbox';
import { expireItem } from '../support/table-items';
import { newUser } from '../support/users';

/** Forgotten passwords: requesting a reset link and setting a new password with it. */
startAuthSuite();

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
    const user = await newUser();
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
