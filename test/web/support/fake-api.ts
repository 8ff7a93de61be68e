import { vi } from 'vitest';
import type { User } from '../../../shared/auth';
import { TOKEN_STORAGE_KEY } from '../../../web/src/lib/session/token-store';

/**
 * The API as the browser sees it, for every web test: `fetch` replaced at the boundary by a small
 * in-memory server. It plays the account contract (spec 7 and DECISIONS 19: accounts, rotating refresh
 * tokens, single-use verification and reset tokens); a test answers any other route with `on`, and
 * an unanswered route gets the API's 404 body, so a call the test did not expect shows in `calls`.
 */

/** One call the app made, as the fake server saw it. */
export interface ApiCall {
  readonly method: string;
  /** Relative to /api, query included: '/users/profile'. */
  readonly path: string;
  readonly body: Record<string, unknown> | undefined;
  readonly authorization: string | null;
}

export interface FakeAnswer {
  readonly status: number;
  readonly body?: unknown;
}
type Answer = FakeAnswer;

type Handler = (call: ApiCall) => Answer | Promise<Answer>;
type ContractHandler = (call: ApiCall) => Answer;

interface Account {
  user: User;
  password: string;
}

export const PASSWORD = 'Secret123';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    plan: 'FREE',
    trialEndsAt: null,
    emailVerified: true,
    createdAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

const error = (status: number, code: string, message: string, issues?: unknown[]): Answer => ({
  status,
  body: { code, message, ...(issues ? { issues } : {}) },
});

export function installFakeApi() {
  const calls: ApiCall[] = [];
  const accounts = new Map<string, Account>();
  /** Access token -> user id, for the tokens the server still accepts. */
  const accessTokens = new Map<string, string>();
  /** Refresh token -> user id, for the ones not yet rotated or revoked. */
  const refreshTokens = new Map<string, string>();
  const verificationTokens = new Map<string, string>();
  const resetTokens = new Map<string, string>();
  const overrides = new Map<string, Handler>();
  const holds = new Map<string, Promise<void>>();
  let issued = 0;

  function issueTokens(userId: string) {
    issued += 1;
    const accessToken = `access-${issued}`;
    const refreshToken = `refresh-${issued}`;
    accessTokens.set(accessToken, userId);
    refreshTokens.set(refreshToken, userId);
    return { accessToken, refreshToken, expiresIn: 900 };
  }

  const accountById = (id: string | undefined) => [...accounts.values()].find((a) => a.user.id === id);

  function bearer(call: ApiCall): Account | undefined {
    const token = call.authorization?.replace(/^Bearer /, '');
    return token === undefined ? undefined : accountById(accessTokens.get(token));
  }

  const unauthorized = error(401, 'UNAUTHORIZED', 'Authentication required');

  const routes: Record<string, ContractHandler> = {
    'POST /auth/register': ({ body = {} }) => {
      const email = String(body.email ?? '').toLowerCase();
      const username = String(body.username ?? '');
      if ([...accounts.values()].some((a) => a.user.username === username)) {
        return error(409, 'CONFLICT', 'Username is already taken', [
          { path: 'username', message: 'Username is already taken' },
        ]);
      }
      // A known address gets the same answer: no account enumeration.
      if (!accounts.has(email)) {
        const user = makeUser({
          id: `user-${accounts.size + 1}`,
          email,
          username,
          firstName: body.firstName as string | undefined,
          lastName: body.lastName as string | undefined,
          emailVerified: false,
        });
        accounts.set(email, { user, password: String(body.password) });
      }
      return {
        status: 201,
        body: { message: 'Registration successful! Please check your email to verify your account.' },
      };
    },
    'POST /auth/verify-email': ({ body = {} }) => {
      const email = verificationTokens.get(String(body.token));
      const account = email === undefined ? undefined : accounts.get(email);
      if (!account) {
        return error(
          400,
          'VALIDATION_ERROR',
          'This verification link is invalid or has expired. Please request a new one.',
        );
      }
      verificationTokens.delete(String(body.token));
      account.user = { ...account.user, emailVerified: true };
      return { status: 200, body: { message: 'Email verified successfully!' } };
    },
    'POST /auth/resend-verification': () => ({
      status: 200,
      body: { message: 'Verification email sent! Please check your inbox.' },
    }),
    'POST /auth/login': ({ body = {} }) => {
      const account = accounts.get(String(body.email ?? '').toLowerCase());
      if (!account || account.password !== body.password) {
        return error(401, 'UNAUTHORIZED', 'Invalid email or password');
      }
      return { status: 200, body: { data: { ...issueTokens(account.user.id), user: account.user } } };
    },
    'POST /auth/refresh': ({ body = {} }) => {
      const token = String(body.refreshToken ?? '');
      const account = accountById(refreshTokens.get(token));
      if (!account) return error(401, 'UNAUTHORIZED', 'Your session has expired. Please log in again.');
      refreshTokens.delete(token);
      return { status: 200, body: { data: { ...issueTokens(account.user.id), user: account.user } } };
    },
    'POST /auth/logout': (call) => {
      if (!bearer(call)) return unauthorized;
      return { status: 204 };
    },
    'GET /auth/me': (call) => {
      const account = bearer(call);
      return account ? { status: 200, body: { data: { user: account.user } } } : unauthorized;
    },
    'POST /auth/forgot-password': () => ({
      status: 200,
      body: { message: 'If an account with that email exists, a password reset link has been sent.' },
    }),
    'POST /auth/reset-password': ({ body = {} }) => {
      const email = resetTokens.get(String(body.token));
      const account = email === undefined ? undefined : accounts.get(email);
      if (!account) {
        return error(
          400,
          'VALIDATION_ERROR',
          'This password reset link is invalid or has expired. Please request a new one.',
        );
      }
      resetTokens.delete(String(body.token));
      account.password = String(body.password);
      return { status: 200, body: { message: 'Password reset successful!' } };
    },
    /** A signed-in call of some other feature, to see renewal from the outside. */
    'GET /jobs': (call) => (bearer(call) ? { status: 200, body: { data: { jobs: [] } } } : unauthorized),
  };

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input).replace(/^\/api/, '');
    const call: ApiCall = {
      method,
      path,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      authorization: new Headers(init.headers).get('Authorization'),
    };
    calls.push(call);
    // A test's answer for the exact path wins, then one for the path without its query, then the contract.
    const exact = `${method} ${path}`;
    const key = `${method} ${path.split('?')[0]}`;
    const hold = holds.get(key);
    if (hold) await hold;
    const handler = overrides.get(exact) ?? overrides.get(key) ?? routes[key];
    const { status, body } = handler ? await handler(call) : error(404, 'NOT_FOUND', 'Not Found');
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    });
  });

  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** Answers `method path` (query included, or any query when left out) with `answer` from now on. */
    on(method: string, path: string, answer: Answer | Handler) {
      overrides.set(`${method} ${path}`, typeof answer === 'function' ? answer : () => answer);
    },
    /** Holds the answers to `method path` until the returned function is called. */
    hold(method: string, path: string): () => void {
      let release = () => {};
      holds.set(
        `${method} ${path}`,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        holds.delete(`${method} ${path}`);
        release();
      };
    },
    addAccount(user: User = makeUser(), password = PASSWORD): User {
      accounts.set(user.email, { user, password });
      return user;
    },
    /**
     * A session for `user` as an earlier visit left it: the tokens in the storage that 'remember me'
     * chose, the server still accepting them.
     */
    restoreSession(user: User, { remember = true, expired = false } = {}) {
      if (!accounts.has(user.email)) accounts.set(user.email, { user, password: PASSWORD });
      const tokens = issueTokens(user.id);
      const storage = remember ? window.localStorage : window.sessionStorage;
      storage.setItem(
        TOKEN_STORAGE_KEY,
        JSON.stringify({
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresAt: Date.now() + (expired ? -1000 : tokens.expiresIn * 1000),
        }),
      );
      return tokens;
    },
    /** The server stops accepting every access token issued so far (they ran out). */
    expireAccessTokens() {
      accessTokens.clear();
    },
    /** The server ends every session: no access or refresh token issued so far is accepted. */
    endSessions() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    sendVerification(email: string, token: string) {
      verificationTokens.set(token, email);
    },
    sendReset(email: string, token: string) {
      resetTokens.set(token, email);
    },
    user: (email: string) => accounts.get(email)?.user,
  };
}

export type FakeApi = ReturnType<typeof installFakeApi>;

/**
 * A stored session for `user`, restored by the real session provider on mount: the tokens sit where
 * 'remember me' keeps them and the fake API answers `GET /auth/me` with the user.
 */
export function signInAs(api: FakeApi, user: User) {
  window.localStorage.setItem(
    TOKEN_STORAGE_KEY,
    JSON.stringify({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 }),
  );
  api.on('GET', '/auth/me', { status: 200, body: { data: { user } } });
  api.on('POST', '/auth/logout', { status: 204 });
}
