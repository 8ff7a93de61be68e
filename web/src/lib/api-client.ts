import { asFieldIssues, type ErrorCode, type FieldIssue, isErrorCode } from '../../../shared/api-error';
import { AUTH_TEXTS } from '../../../shared/auth-texts';

/**
 * The one way the browser calls the API (spec part 1, sections 7 and 8 'Wrapper').
 * Paths are relative to API_BASE: `get('/auth/me')` calls `/api/auth/me`. SWR keys are these same
 * paths, since the SWR fetcher is `get`.
 */
export const API_BASE = '/api';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
export const REQUEST_FAILED_MESSAGE = 'Request failed';

/**
 * The server's codes, plus two the client makes up: the request never got an answer, or the answer
 * was not the API's error body (a proxy's HTML page, say).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer arrived. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /**
   * Sent as `Authorization: Bearer <token>` when given. A call that names its token manages it
   * itself: the session's token is not attached and a 401 is not renewed.
   */
  token?: string;
  signal?: AbortSignal;
}

export interface FetchJsonOptions extends RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
}

/**
 * How the client reaches the signed-in session without knowing where it lives (the session module
 * installs it): the bearer token to attach, and the renewal to try once on a 401 (DECISIONS 19).
 */
export interface SessionAuth {
  /** The current access token, or undefined when nobody is signed in. */
  accessToken(): string | undefined;
  /**
   * Renews the tokens through `POST /auth/refresh`; answers whether new ones are stored. When the
   * session is over it ends it (tokens cleared, user told) before answering false.
   */
  renew(): Promise<boolean>;
  /** A renewed token was refused as well: the session is over. */
  expire(): void;
  /**
   * The session's workspace refused its person, whom its owner removed (DECISIONS 34): the session is
   * still good in their own workspace, where the app takes them; `message` says why.
   */
  removedFromWorkspace(message: string): void;
}

let sessionAuth: SessionAuth | undefined;

export function setSessionAuth(auth: SessionAuth | undefined): void {
  sessionAuth = auth;
}

export const SESSION_EXPIRED_MESSAGE = AUTH_TEXTS.sessionExpired;

/** The calls whose 401 means "wrong credentials" or "no session", never "renew and retry". */
const NO_SESSION_PATHS = new Set(['/auth/login', '/auth/refresh', '/auth/register']);

/**
 * Resolves with the parsed JSON answer (undefined for an empty one); rejects with an ApiError.
 * With a session, the call carries its bearer token; a 401 renews the session once (concurrent 401s
 * share that renewal) and the call is retried once. When renewal fails the session ends and the
 * call rejects with a 401 'Your session has expired. Please log in again.'
 */
export async function fetchJson<T = unknown>(path: string, options: FetchJsonOptions = {}): Promise<T> {
  return withSession(path, options.token, (token) => request<T>(path, options, token));
}

/**
 * `POST` whose answer is a stream (the AI filter's server-sent events): resolves with the body once
 * the status is OK, with the same bearer token and renewal as fetchJson; a refusal before the stream
 * starts rejects with its ApiError (the server's JSON message).
 */
export async function postForStream(
  path: string,
  body: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<ReadableStream<Uint8Array>> {
  return withSession(path, undefined, async (token) => {
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      'Content-Type': 'application/json',
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
    }
    if (!response.ok) throw errorFromResponse(response.status, await response.text().catch(() => ''));
    if (!response.body) throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', REQUEST_FAILED_MESSAGE);
    return response.body;
  });
}

/**
 * Runs a call with the session's token (unless the caller names its own), renewing it on a 401
 * (withRenewal); a refusal saying its person was removed from the workspace tells the session.
 */
async function withSession<T>(
  path: string,
  explicitToken: string | undefined,
  send: (token: string | undefined) => Promise<T>,
): Promise<T> {
  const auth =
    explicitToken === undefined && !NO_SESSION_PATHS.has(path.split('?')[0]!) ? sessionAuth : undefined;
  try {
    return await withRenewal(auth, explicitToken, send);
  } catch (error) {
    // The call still rejects with why: the screen that made it says so until the app has moved on.
    if (auth && error instanceof ApiError && error.code === 'REMOVED_FROM_WORKSPACE')
      auth.removedFromWorkspace(error.message);
    throw error;
  }
}

/**
 * A 401 renews the session once (concurrent 401s share that renewal) and the call is retried once.
 * When renewal fails the session ends and the call rejects with a 401 'Your session has expired.
 * Please log in again.'
 */
async function withRenewal<T>(
  auth: SessionAuth | undefined,
  explicitToken: string | undefined,
  send: (token: string | undefined) => Promise<T>,
): Promise<T> {
  const sent = explicitToken ?? auth?.accessToken();
  try {
    return await send(sent);
  } catch (error) {
    if (!auth || sent === undefined || !isUnauthorized(error)) throw error;
    const current = auth.accessToken();
    // Signed out meanwhile: nothing to renew.
    if (current === undefined) throw error;
    // Another call renewed the tokens while this one was under way: retry with the new token.
    if (current === sent && !(await auth.renew())) throw expiredOr(error, auth);
    const retryToken = auth.accessToken();
    if (retryToken === undefined) throw error;
    try {
      return await send(retryToken);
    } catch (retryError) {
      if (isUnauthorized(retryError)) {
        auth.expire();
        throw sessionExpiredError();
      }
      throw retryError;
    }
  }
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

const sessionExpiredError = () => new ApiError(401, 'UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);

/** After a failed renewal: the session ended (tokens gone), or the refresh call could not be made. */
function expiredOr(error: unknown, auth: SessionAuth): unknown {
  return auth.accessToken() === undefined ? sessionExpiredError() : error;
}

async function request<T>(path: string, options: FetchJsonOptions, token: string | undefined): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    // Read inside the try: a connection can also drop while the body arrives.
    text = await response.text();
  } catch (error) {
    // A caller that cancels wants its AbortError back, not a network message.
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) throw errorFromResponse(response.status, text);
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', REQUEST_FAILED_MESSAGE);
  }
}

function errorFromResponse(status: number, text: string): ApiError {
  const body = parseJson(text);
  if (typeof body !== 'object' || body === null) {
    return new ApiError(status, 'UNEXPECTED_RESPONSE', REQUEST_FAILED_MESSAGE);
  }
  const fields = body as Record<string, unknown>;
  const issues = asFieldIssues(fields.issues);
  // API Gateway's own answers ({"message":"Not Found"}) carry a message but no code: keep the message.
  const message =
    typeof fields.message === 'string' && fields.message !== '' ? fields.message : REQUEST_FAILED_MESSAGE;
  return new ApiError(
    status,
    isErrorCode(fields.code) ? fields.code : 'UNEXPECTED_RESPONSE',
    message,
    issues ?? [],
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const get = <T = unknown>(path: string, options?: RequestOptions) =>
  fetchJson<T>(path, { ...options, method: 'GET' });

export const post = <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
  fetchJson<T>(path, { ...options, method: 'POST', body });

export const put = <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
  fetchJson<T>(path, { ...options, method: 'PUT', body });

export const patch = <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
  fetchJson<T>(path, { ...options, method: 'PATCH', body });

export const del = <T = unknown>(path: string, options?: RequestOptions) =>
  fetchJson<T>(path, { ...options, method: 'DELETE' });
