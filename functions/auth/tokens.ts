import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_ALGORITHM, accessTokenKey } from '../core/auth';
import { env } from '../core/env';
import { secret } from '../core/secrets';

/** Access tokens live 15 minutes; the refresh token renews them (DECISIONS 19). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export async function signAccessToken(claims: {
  userId: string;
  sessionId: string;
  emailVerified: boolean;
}): Promise<string> {
  const { AUTH_ISSUER, AUTH_AUDIENCE } = env();
  const AUTH_TOKEN_SECRET = await secret('AUTH_TOKEN_SECRET');
  if (!AUTH_TOKEN_SECRET)
    throw new Error('Invalid environment: AUTH_TOKEN_SECRET or AUTH_TOKEN_SECRET_ARN must be set');
  return new SignJWT({ sid: claims.sessionId, email_verified: claims.emailVerified })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(AUTH_ISSUER)
    .setAudience(AUTH_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(accessTokenKey(AUTH_TOKEN_SECRET));
}

/** 128 random bits (verification and reset links), URL-safe. */
export const randomToken = (bytes = 16): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256: a leaked table does not hold a usable link or session. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/**
 * Refresh tokens are `<user>.<session>.<generation>.<mac>`: the MAC (HMAC-SHA256 under a key derived
 * from the token secret) proves the server issued that generation for that session, and the session
 * stores only its current generation. Presenting an older generation with a valid MAC is real reuse (a
 * copy of an issued token came back) and ends the session; anything whose MAC does not verify was never
 * issued, so it is a plain 401 that changes nothing, whoever's user and session ids it names.
 */
export interface RefreshTokenClaims {
  userId: string;
  sessionId: string;
  generation: number;
}

async function refreshKey(): Promise<Buffer> {
  const AUTH_TOKEN_SECRET = await secret('AUTH_TOKEN_SECRET');
  if (!AUTH_TOKEN_SECRET)
    throw new Error('Invalid environment: AUTH_TOKEN_SECRET or AUTH_TOKEN_SECRET_ARN must be set');
  // A key of its own, so a refresh MAC can never be mistaken for an access-token signature.
  return createHmac('sha256', accessTokenKey(AUTH_TOKEN_SECRET)).update('trobly refresh token v1').digest();
}

const refreshMac = (key: Buffer, { userId, sessionId, generation }: RefreshTokenClaims) =>
  createHmac('sha256', key).update(`${userId}.${sessionId}.${generation}`).digest();

export async function issueRefreshToken(claims: RefreshTokenClaims): Promise<string> {
  const mac = refreshMac(await refreshKey(), claims).toString('base64url');
  return `${claims.userId}.${claims.sessionId}.${claims.generation}.${mac}`;
}

/** The claims of a refresh token this server issued, or undefined for anything else. */
export async function readRefreshToken(token: string): Promise<RefreshTokenClaims | undefined> {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [userId, sessionId, generationText, macText] = parts as [string, string, string, string];
  if (!userId || !sessionId || !/^(0|[1-9]\d{0,8})$/.test(generationText)) return undefined;
  const claims = { userId, sessionId, generation: Number(generationText) };
  const expected = refreshMac(await refreshKey(), claims);
  const presented = Buffer.from(macText, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
  return claims;
}
