import { jwtVerify } from 'jose';
import type { AuthLevel } from '../routes';
import { env } from './env';
import { ForbiddenError, UnauthorizedError } from './errors';

/**
 * The auth hook every route passes through. Here it verifies a short access JWT (HS256 pinned,
 * issuer, audience and expiry checked); the accounts issue adds issuing, refresh and revocation.
 * Without a configured secret no token can be valid, so protected routes answer 401.
 */
export interface AuthUser {
  readonly id: string;
  readonly emailVerified: boolean;
}

export const ACCESS_TOKEN_ALGORITHM = 'HS256';

export function accessTokenKey(secret: string): Uint8Array {
  return Buffer.from(secret, 'base64url');
}

export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization ?? headers.Authorization;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export async function verifyAccessToken(token: string): Promise<AuthUser> {
  const { AUTH_TOKEN_SECRET, AUTH_ISSUER, AUTH_AUDIENCE } = env();
  if (!AUTH_TOKEN_SECRET) throw new UnauthorizedError();
  try {
    const { payload } = await jwtVerify(token, accessTokenKey(AUTH_TOKEN_SECRET), {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: AUTH_ISSUER,
      audience: AUTH_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new UnauthorizedError();
    return { id: payload.sub, emailVerified: payload.email_verified === true };
  } catch {
    throw new UnauthorizedError();
  }
}

export async function authenticate(
  headers: Record<string, string | undefined>,
  level: AuthLevel,
): Promise<AuthUser | undefined> {
  if (level === 'public') return undefined;
  const token = bearerToken(headers);
  if (!token) throw new UnauthorizedError();
  const user = await verifyAccessToken(token);
  if (level === 'verified' && !user.emailVerified) {
    throw new ForbiddenError('Please verify your email address to continue.');
  }
  return user;
}
