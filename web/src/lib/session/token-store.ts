import type { SessionTokens } from '../../../../shared/auth';

/**
 * Where the session's tokens live (DECISIONS 7): with 'remember me' in local storage, so the session
 * survives a browser restart; without it in session storage, so it ends with the browser session.
 * Exactly one of the two holds them at a time.
 */
export const TOKEN_STORAGE_KEY = 'trobly.session';

export type TokenPersistence = 'local' | 'session';

export interface StoredTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Epoch milliseconds after which the access token is no longer accepted. */
  readonly expiresAt: number;
}

function storage(persistence: TokenPersistence): Storage | undefined {
  // Some browsers refuse storage access outright (blocked cookies); the session then lasts a page.
  try {
    return persistence === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function parse(text: string | null | undefined): StoredTokens | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<StoredTokens> | null;
    if (
      typeof value?.accessToken === 'string' &&
      typeof value.refreshToken === 'string' &&
      typeof value.expiresAt === 'number'
    ) {
      return { accessToken: value.accessToken, refreshToken: value.refreshToken, expiresAt: value.expiresAt };
    }
  } catch {
    // A damaged entry is no session.
  }
  return undefined;
}

function read(persistence: TokenPersistence): StoredTokens | undefined {
  try {
    return parse(storage(persistence)?.getItem(TOKEN_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/** The stored tokens and the storage that holds them, or undefined when there is no session. */
export function readTokens(): (StoredTokens & { persistence: TokenPersistence }) | undefined {
  for (const persistence of ['local', 'session'] as const) {
    const tokens = read(persistence);
    if (tokens) return { ...tokens, persistence };
  }
  return undefined;
}

/**
 * Stores a new pair. Without an explicit persistence (a renewal rotating the pair) the tokens stay in
 * the storage that held the previous pair.
 */
export function saveTokens(tokens: SessionTokens, persistence?: TokenPersistence, now = Date.now()): void {
  const target = persistence ?? readTokens()?.persistence ?? 'session';
  const stored: StoredTokens = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: now + tokens.expiresIn * 1000,
  };
  // Only the other storage is cleared: the target's entry is replaced in one write, so other tabs see
  // a renewal as one change and never a moment without a session.
  clearTokens(target === 'local' ? 'session' : 'local');
  try {
    storage(target)?.setItem(TOKEN_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or refused: no session can be kept, so the next request goes out signed out.
  }
}

/** Removes the tokens (from both storages unless one is named); answers whether there were any. */
export function clearTokens(only?: TokenPersistence): boolean {
  let had = false;
  for (const persistence of only ? [only] : (['local', 'session'] as const)) {
    try {
      const store = storage(persistence);
      if (store?.getItem(TOKEN_STORAGE_KEY) != null) had = true;
      store?.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // Nothing stored where nothing can be read.
    }
  }
  return had;
}

/** The bearer token for an API call, or undefined when nobody is signed in. */
export function getAccessToken(): string | undefined {
  return readTokens()?.accessToken;
}

/** Whether the access token has run out (a few seconds early, so a request in flight does not race it). */
export function accessTokenExpired(tokens: StoredTokens, now = Date.now()): boolean {
  return tokens.expiresAt - 5000 <= now;
}
