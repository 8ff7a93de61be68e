import { afterEach, vi } from 'vitest';
import type { User } from '../../../shared/auth';
import { TOKEN_STORAGE_KEY } from '../../../web/src/lib/session/token-store';

/** One call the app made, as the fake server saw it. */
export interface ApiCall {
  readonly method: string;
  /** Relative to /api, query included: '/users/profile'. */
  readonly path: string;
  readonly body: unknown;
  readonly authorization: string | null;
}

export interface FakeAnswer {
  readonly status: number;
  readonly body?: unknown;
}

type Handler = (call: ApiCall) => FakeAnswer | Promise<FakeAnswer>;

const json = ({ status, body }: FakeAnswer) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
  });

/**
 * The API as the browser sees it: `fetch` replaced at the boundary by a small in-memory server.
 * Unanswered routes get the API's 404 body, so a call the test did not expect shows in `calls`.
 */
export function installFakeApi() {
  const calls: ApiCall[] = [];
  const handlers = new Map<string, Handler>();

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input).replace(/^\/api/, '');
    const call: ApiCall = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: new Headers(init.headers).get('Authorization'),
    };
    calls.push(call);
    const handler = handlers.get(`${method} ${path}`);
    return json(
      handler ? await handler(call) : { status: 404, body: { code: 'NOT_FOUND', message: 'Not Found' } },
    );
  });

  return {
    calls,
    on(method: string, path: string, handler: Handler | FakeAnswer) {
      handlers.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    },
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

export type FakeApi = ReturnType<typeof installFakeApi>;

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

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
