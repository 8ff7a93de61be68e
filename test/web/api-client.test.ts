import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, del, fetchJson, get, post, put } from '../../web/src/lib/api-client';

type FetchArgs = [input: string, init: RequestInit];

let calls: FetchArgs[];
let answer: () => Promise<Response>;

beforeEach(() => {
  calls = [];
  answer = async () => new Response(null, { status: 204 });
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    calls.push([input, init]);
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client requests', () => {
  it('calls the path under /api and answers the parsed JSON body', async () => {
    answer = async () => json(200, { data: { user: { email: 'ada@example.com' } } });

    const result = await get('/auth/me');

    expect(result).toEqual({ data: { user: { email: 'ada@example.com' } } });
    expect(calls[0]?.[0]).toBe('/api/auth/me');
    expect(calls[0]?.[1].method).toBe('GET');
  });

  it('sends the body as JSON with a JSON content type', async () => {
    await post('/auth/login', { email: 'ada@example.com', password: 'Secret123' });

    const [, init] = calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"ada@example.com","password":"Secret123"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends a bearer token when one is given and none otherwise', async () => {
    await put('/users/profile', { firstName: 'Ada' }, { token: 'tok-123' });
    await get('/templates');

    expect(new Headers(calls[0]?.[1].headers).get('Authorization')).toBe('Bearer tok-123');
    expect(new Headers(calls[1]?.[1].headers).has('Authorization')).toBe(false);
  });

  it('sends DELETE without a body and answers undefined for an empty answer', async () => {
    const result = await del('/users/platforms/p1', { token: 'tok-123' });

    expect(result).toBeUndefined();
    expect(calls[0]?.[1].method).toBe('DELETE');
    expect(calls[0]?.[1].body).toBeUndefined();
  });
});

describe('api client errors', () => {
  it('turns the API error body into an ApiError with status, code, message and issues', async () => {
    answer = async () =>
      json(400, {
        code: 'VALIDATION_ERROR',
        message: 'Username must be between 3 and 30 characters',
        issues: [{ path: 'username', message: 'Username must be between 3 and 30 characters' }],
      });

    const error = await rejection(post('/auth/register', { username: 'ab' }));

    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Username must be between 3 and 30 characters');
    expect(error.issues).toEqual([
      { path: 'username', message: 'Username must be between 3 and 30 characters' },
    ]);
  });

  it("keeps the status and says 'Request failed' when the answer has no server message", async () => {
    answer = async () => new Response('<html>Bad gateway</html>', { status: 502 });

    const error = await rejection(get('/jobs'));

    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed');
    expect(error.issues).toEqual([]);
  });

  it('keeps a server message that comes without an error code', async () => {
    answer = async () => json(404, { message: 'Not Found' });

    const error = await rejection(get('/no-such-route'));

    expect(error.status).toBe(404);
    expect(error.message).toBe('Not Found');
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
  });

  it('reports a network failure with the network message', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };

    const error = await rejection(fetchJson('/jobs'));

    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe('Network error. Please check your connection and try again.');
  });

  it('passes a cancelled request through as the abort, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    answer = async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    };

    const error = await get('/jobs', { signal: controller.signal }).catch((reason: unknown) => reason);

    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it("says 'Request failed' when a successful answer is not JSON", async () => {
    answer = async () => new Response('<!doctype html><html></html>', { status: 200 });

    const error = await rejection(get('/templates'));

    expect(error.status).toBe(200);
    expect(error.message).toBe('Request failed');
  });
});
