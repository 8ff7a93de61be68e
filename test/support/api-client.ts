import { randomBytes, randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import type { User } from '../../shared/auth';
import { verificationToken } from './outbox';

/**
 * JSON calls against the local gateway, and the account steps a person goes through (register, follow
 * the verification link from the outbox, sign in). A test that needs a user calls `newUser()` (users.ts).
 */

// biome-ignore lint/suspicious/noExplicitAny: response bodies are what the tests assert, field by field.
export type Body = any;

export interface ApiResult {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body is empty. */
  body: Body;
  text: string;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON-encoding the body (malformed bodies, signed webhooks). */
  raw?: string;
}

export interface Api {
  readonly base: string;
  request(method: string, path: string, body?: unknown, options?: CallOptions): Promise<ApiResult>;
  get(path: string, options?: CallOptions): Promise<ApiResult>;
  post(path: string, body?: unknown, options?: CallOptions): Promise<ApiResult>;
  put(path: string, body?: unknown, options?: CallOptions): Promise<ApiResult>;
  delete(path: string, body?: unknown, options?: CallOptions): Promise<ApiResult>;
  /**
   * The same client connecting from another loopback address (127.x.y.z, see `freshAddress`), for rate
   * limits: the gateway, like CloudFront, takes the client's address from the connection, not a header.
   */
  from(address: string): Api;
}

/** fetch() over a connection from a chosen local address (Linux routes all of 127/8 to the loopback). */
function fetchFrom(localAddress: string, url: string, init: RequestInit): Promise<Response> {
  const payload = init.body === undefined || init.body === null ? undefined : String(init.body);
  const headers: Record<string, string> = {
    accept: '*/*',
    'user-agent': 'node',
    ...(init.headers as Record<string, string>),
    ...(payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(payload)) }),
  };
  return new Promise((done, fail) => {
    const req = httpRequest(
      url,
      { method: init.method, headers, localAddress, family: 4, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const out = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 0;
          const empty = [204, 205, 304].includes(status) || init.method === 'HEAD';
          done(new Response(empty ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

export function apiClient(
  base: string,
  defaultHeaders: Record<string, string> = {},
  localAddress?: string,
): Api {
  async function request(method: string, path: string, body?: unknown, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...defaultHeaders, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined = options.raw;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const init = { method, headers, body: payload };
    const res = localAddress
      ? await fetchFrom(localAddress, `${base}${path}`, init)
      : await fetch(`${base}${path}`, init);
    const text = await res.text();
    let parsed: Body;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }
  return {
    base,
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    delete: (path, body, options) => request('DELETE', path, body, options),
    from: (address) => apiClient(base, defaultHeaders, address),
  };
}

// Each test process (vitest runs files in several at once) starts at a random place of 127/8's 15.9
// million addresses: counting from 0 in each, two journeys signed up from the same address at once and met
// the sign-up limit per client (429).
let addresses = randomInt(0, 15_000_000);
/**
 * A loopback client address no other test of this process uses (127.1.0.1 and above; 127.0.0.1 is the
 * default client's): per-address rate limits stay per test. Integration files have a table each; the
 * browser journeys share one local cloud, hence the random start above.
 */
export function freshAddress(): string {
  addresses++;
  return `127.${1 + Math.floor(addresses / 62_500)}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** A username (and e-mail local part) no other test uses: 3-30 letters, digits and underscores. */
export function uniqueName(prefix = 'user'): string {
  return `${prefix.slice(0, 17)}_${randomBytes(5).toString('hex')}`;
}

/** A password that passes every rule and is not on the common list. */
export const GOOD_PASSWORD = 'Sturdy-Lantern-42';
export const OTHER_GOOD_PASSWORD = 'Quiet-Harbour-77';

export interface RegisterInput {
  email: string;
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export function newUserInput(overrides: Partial<RegisterInput> = {}): RegisterInput {
  const username = overrides.username ?? uniqueName();
  return {
    email: `${username.toLowerCase()}@example.test`,
    username,
    password: GOOD_PASSWORD,
    firstName: 'Ada',
    lastName: 'Tester',
    ...overrides,
  };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: User;
  /** The session (refresh-token family) id, as named in the access token's `sid`. */
  sessionId: string;
}

export interface TestUser extends RegisterInput, Session {
  id: string;
}

export async function signIn(
  api: Api,
  email: string,
  password: string,
  rememberMe?: boolean,
): Promise<Session> {
  const res = await api.post('/api/auth/login', {
    email,
    password,
    ...(rememberMe === undefined ? {} : { rememberMe }),
  });
  expect(res.status, res.text).toBe(200);
  const data = res.body.data;
  return { ...data, sessionId: String(data.refreshToken).split('.')[1] };
}

/** Each from a client address of its own: sign-ups are limited per client (10 an hour). */
export async function register(api: Api, input: RegisterInput): Promise<void> {
  const res = await api.from(freshAddress()).post('/api/auth/register', input);
  expect(res.status, res.text).toBe(201);
}

/** Follows the newest verification link sent to `email`. */
export async function verifyEmail(api: Api, stateDir: string, email: string): Promise<void> {
  const res = await api.post('/api/auth/verify-email', { token: await verificationToken(stateDir, email) });
  expect(res.status, res.text).toBe(200);
}
