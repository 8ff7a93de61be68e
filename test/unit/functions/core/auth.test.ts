import { randomBytes } from 'node:crypto';
import { type JWTPayload, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticate, bearerToken, verifyAccessToken } from '../../../../functions/core/auth';
import { resetEnvCache } from '../../../../functions/core/env';
import { UnauthorizedError } from '../../../../functions/core/errors';

const secret = randomBytes(32).toString('base64url');
const key = Buffer.from(secret, 'base64url');

interface TokenOptions {
  claims?: JWTPayload;
  issuer?: string;
  audience?: string;
  subject?: string | null;
  expiresAt?: number | string | null;
  alg?: string;
  signingKey?: Uint8Array;
}

async function token(options: TokenOptions = {}): Promise<string> {
  const jwt = new SignJWT({ email_verified: true, sid: 'session-1', ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuedAt()
    .setIssuer(options.issuer ?? 'trobly')
    .setAudience(options.audience ?? 'trobly-app');
  if (options.subject !== null) jwt.setSubject(options.subject ?? 'user-123');
  if (options.expiresAt !== null) jwt.setExpirationTime(options.expiresAt ?? '10m');
  return jwt.sign(options.signingKey ?? key);
}

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

beforeEach(() => {
  vi.stubEnv('APP_RUNTIME', 'local');
  vi.stubEnv('TABLE_NAME', 'x');
  vi.stubEnv('AUTH_TOKEN_SECRET', secret);
  resetEnvCache();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe('verifyAccessToken', () => {
  // A well-formed token is only half the check: the hook then reads its session and user from the table.
  // That path runs against DynamoDB Local in test/integration (auth, account and ai-filter tests).
  it('refuses a correctly signed token that names no session', async () => {
    await expect(verifyAccessToken(await token({ claims: { sid: undefined } }))).rejects.toThrow(
      UnauthorizedError,
    );
  });

  it.each<[string, TokenOptions]>([
    ['expired', { expiresAt: Math.floor(Date.now() / 1000) - 60 }],
    ['without an expiry', { expiresAt: null }],
    ['from another issuer', { issuer: 'someone-else' }],
    ['for another audience', { audience: 'other-app' }],
    ['without a subject', { subject: null }],
    ['with an empty subject', { subject: '' }],
    ['signed with HS512', { alg: 'HS512' }],
    ['signed with another secret', { signingKey: randomBytes(32) }],
  ])('refuses a token %s with UnauthorizedError', async (_case, options) => {
    await expect(verifyAccessToken(await token(options))).rejects.toThrow(UnauthorizedError);
  });

  it("refuses an unsigned alg 'none' token", async () => {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
      sub: 'user-123',
      iss: 'trobly',
      aud: 'trobly-app',
      exp: now + 600,
      iat: now,
      email_verified: true,
    })}.`;
    await expect(verifyAccessToken(unsigned)).rejects.toThrow(UnauthorizedError);
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const [header, , signature] = (await token()).split('.');
    const forged = Buffer.from(
      JSON.stringify({
        sub: 'admin',
        iss: 'trobly',
        aud: 'trobly-app',
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString('base64url');
    await expect(verifyAccessToken(`${header}.${forged}.${signature}`)).rejects.toThrow(UnauthorizedError);
  });

  it('refuses every token when no secret is configured', async () => {
    const valid = await token();
    vi.stubEnv('AUTH_TOKEN_SECRET', undefined);
    resetEnvCache();
    await expect(verifyAccessToken(valid)).rejects.toThrow(UnauthorizedError);
  });

  it('refuses garbage', async () => {
    await expect(verifyAccessToken('not.a.jwt')).rejects.toThrow(UnauthorizedError);
  });
});

describe('authenticate', () => {
  it("returns undefined for a 'public' route without a header", async () => {
    await expect(authenticate({}, 'public')).resolves.toBeUndefined();
  });

  it("does not look at the token on a 'public' route", async () => {
    await expect(authenticate(bearer('garbage'), 'public')).resolves.toBeUndefined();
  });

  it.each<[string, Record<string, string | undefined>]>([
    ['no authorization header', {}],
    ['an empty authorization header', { authorization: '' }],
    ['a Basic authorization header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a Bearer header without a token', { authorization: 'Bearer ' }],
  ])('refuses %s with UnauthorizedError', async (_case, headers) => {
    await expect(authenticate(headers, 'user')).rejects.toThrow(UnauthorizedError);
  });
});

describe('bearerToken', () => {
  it('reads the token from Authorization in either case and either header spelling', () => {
    expect(bearerToken({ authorization: 'Bearer abc' })).toBe('abc');
    expect(bearerToken({ Authorization: 'bearer abc' })).toBe('abc');
  });

  it('refuses a value with more than one token', () => {
    expect(bearerToken({ authorization: 'Bearer abc def' })).toBeUndefined();
  });
});
