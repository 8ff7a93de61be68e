import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accessTokenKey } from '../../functions/core/auth';
import { keys } from '../../functions/core/table';
import { newUserInput, register, signIn } from '../support/api-client';
import {
  ada,
  api,
  env,
  me,
  refresh,
  SESSION_ENDED,
  startAuthSuite,
  UNAUTHORIZED,
} from '../support/auth-suite';
import { verificationToken } from '../support/outbox';
import { expireItem, getItem } from '../support/table-items';

/** A signed-in session: refreshing it, signing out and GET /api/auth/me. */
startAuthSuite();

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
