import { createHash, randomBytes } from 'node:crypto';
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

/** 128 random bits (verification and reset links) or 256 (refresh tokens), URL-safe. */
export const randomToken = (bytes = 16): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256: a leaked table does not hold a usable link or session. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');
