import type { LoginResponse, User, UserResponse } from '../../../../shared/auth';
import {
  ApiError,
  fetchJson,
  get,
  post,
  SESSION_EXPIRED_MESSAGE,
  setSessionAuth,
} from '../../lib/api-client';
import { notifyError } from '../notify';
import { accessTokenExpired, clearTokens, getAccessToken, readTokens, saveTokens } from './token-store';

/**
 * The session outside React: sign-in, renewal, restore on load and sign-out, over the token store.
 * The provider (SessionProvider.tsx) mirrors it in React state through these events.
 */
export type SessionEvent =
  /** The tokens were renewed; the refresh answer carries the user as the server now sees them. */
  | { type: 'renewed'; user: User }
  /** The session could not be renewed and is over: its tokens are gone. */
  | { type: 'expired'; quiet: boolean }
  /**
   * The workspace the session acts in refused its person: the owner removed them (DECISIONS 34). The
   * session goes on in their own workspace, which the app shell takes them to; `message` says why.
   */
  | { type: 'removed'; message: string };

type Listener = (event: SessionEvent) => void;

const listeners = new Set<Listener>();

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}

let renewal: Promise<boolean> | undefined;
let restoring: Promise<User | undefined> | undefined;

/**
 * Renews the tokens once through `POST /auth/refresh` (DECISIONS 19); concurrent callers share one
 * call, because the refresh token rotates and a second use of the old one would be refused (and, on
 * the server, revoke the whole session). Answers whether new tokens are stored.
 */
export function renewSession(): Promise<boolean> {
  renewal ??= renewOnce().finally(() => {
    renewal = undefined;
  });
  return renewal;
}

async function renewOnce(): Promise<boolean> {
  const tokens = readTokens();
  if (!tokens) return false;
  try {
    const { data } = await post<LoginResponse>('/auth/refresh', { refreshToken: tokens.refreshToken });
    // Signed out while the renewal was under way: the user's choice wins over the new tokens.
    if (!readTokens()) return false;
    saveTokens(data, tokens.persistence);
    emit({ type: 'renewed', user: data.user });
    return true;
  } catch (error) {
    // Refused (401, or a token the server cannot read): the session is over. A network failure, a
    // rate limit or a server error says nothing about the session, so it stays for the next call.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      expireSession();
    }
    return false;
  }
}

/**
 * Ends a session the server no longer accepts: tokens cleared, the user told (spec 8 'Wrapper, 401')
 * and, through the 'expired' event, signed out and sent to /login. Quiet while the app restores a
 * stored session on load: a visitor whose old session ran out is simply signed out.
 */
export function expireSession(): void {
  if (!clearTokens()) return;
  const quiet = restoring !== undefined;
  if (!quiet) notifyError(SESSION_EXPIRED_MESSAGE);
  emit({ type: 'expired', quiet });
}

/**
 * On app load: the user of the stored session, renewing it first when its access token has run out
 * (and once more on a 401); undefined without a session or when it cannot be restored.
 */
export function restoreSession(): Promise<User | undefined> {
  restoring ??= restoreOnce().finally(() => {
    restoring = undefined;
  });
  return restoring;
}

/**
 * Forgets a renewal or restore still under way (tests: a test file whose calls never answered must not
 * hand its pending restore to the next).
 */
export function forgetSessionCalls(): void {
  renewal = undefined;
  restoring = undefined;
}

async function restoreOnce(): Promise<User | undefined> {
  const tokens = readTokens();
  if (!tokens) return undefined;
  if (accessTokenExpired(tokens) && !(await renewSession())) return undefined;
  try {
    return await fetchUser();
  } catch {
    return undefined;
  }
}

export async function fetchUser(): Promise<User> {
  const { data } = await get<UserResponse>('/auth/me');
  return data.user;
}

/**
 * `POST /auth/login`; stores the tokens where 'remember me' says (DECISIONS 7). Rejects with the
 * ApiError of a refused sign-in.
 */
export async function signIn(email: string, password: string, rememberMe: boolean): Promise<User> {
  const { data } = await post<LoginResponse>('/auth/login', { email, password, rememberMe });
  saveTokens(data, rememberMe ? 'local' : 'session');
  return data.user;
}

/** `POST /auth/logout`; the tokens are cleared even when the call fails (spec 4). */
export async function signOut(): Promise<void> {
  const tokens = readTokens();
  try {
    // Its own token: a refused logout must not start a renewal or an 'expired' message.
    if (tokens) await fetchJson('/auth/logout', { method: 'POST', token: tokens.accessToken });
  } catch {
    // The session ends here either way.
  } finally {
    clearTokens();
  }
}

// Every API call carries the session's token and renews it on a 401.
setSessionAuth({
  accessToken: getAccessToken,
  renew: renewSession,
  expire: expireSession,
  removedFromWorkspace: (message) => emit({ type: 'removed', message }),
});
