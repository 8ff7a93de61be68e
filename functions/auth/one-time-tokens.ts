import { env } from '../core/env';
import { TOKEN_SECONDS } from './auth-rules';
import { saveOneTimeToken, type TokenPurpose } from './one-time-token-repository';
import { randomToken, sha256 } from './tokens';
import type { StoredUser } from './user-repository';

/** Verification and reset links: 128 random bits, stored only as their hash, single use. */
export async function issueOneTimeToken(userId: string, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = randomToken(16);
  await saveOneTimeToken(sha256(token), {
    purpose,
    userId,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + TOKEN_SECONDS[purpose],
  });
  return token;
}

export const appUrl = (path: string): string => new URL(path, env().PUBLIC_APP_URL).toString();
export const displayName = (u: Pick<StoredUser, 'firstName' | 'username'>): string =>
  u.firstName || u.username;
