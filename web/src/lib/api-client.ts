import { type ErrorCode, errorCode, type FieldIssue, fieldIssues } from '../../../shared/api-error';

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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string;
  signal?: AbortSignal;
}

export interface FetchJsonOptions extends RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
}

/** Resolves with the parsed JSON answer (undefined for an empty one); rejects with an ApiError. */
export async function fetchJson<T = unknown>(path: string, options: FetchJsonOptions = {}): Promise<T> {
  const { method = 'GET', body, token, signal } = options;
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
  const code = errorCode.safeParse(fields.code);
  const issues = fieldIssues.safeParse(fields.issues);
  // API Gateway's own answers ({"message":"Not Found"}) carry a message but no code: keep the message.
  const message =
    typeof fields.message === 'string' && fields.message !== '' ? fields.message : REQUEST_FAILED_MESSAGE;
  return new ApiError(
    status,
    code.success ? code.data : 'UNEXPECTED_RESPONSE',
    message,
    issues.success ? issues.data : [],
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

export const del = <T = unknown>(path: string, options?: RequestOptions) =>
  fetchJson<T>(path, { ...options, method: 'DELETE' });
