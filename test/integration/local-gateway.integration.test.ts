import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRoute } from '../../functions/routes';
import { createHttpGateway, MAX_BODY_BYTES } from '../../scripts/local-cloud/http-gateway';

// Handler names resolve under functions/, so fixtures are reached from there.
// Not functions of the stacks (localOnly): they test the gateway, and run as the local cloud itself.
const fixture = { auth: 'public', table: 'read', localOnly: true } as const;
const routes: HttpRoute[] = [
  { method: 'POST', path: '/api/things/{id}', handler: '../test/fixtures/echo', ...fixture },
  { method: 'GET', path: '/api/things/special', handler: '../test/fixtures/echo', ...fixture },
  { method: 'GET', path: '/api/things/{id}/plain', handler: '../test/fixtures/echo', ...fixture },
  { method: 'GET', path: '/api/boom', handler: '../test/fixtures/echo', ...fixture },
  { method: 'POST', path: '/api/stream', handler: '../test/fixtures/stream', ...fixture, stream: true },
];

let server: Server;
let base: string;

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'trobly-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>app shell</title>');
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
  const gateway = createHttpGateway({ routes, webRoot });
  server = createServer((req, res) => void gateway(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
});

describe('local HTTP gateway', () => {
  it('calls the handler with an HTTP API v2.0 event carrying path parameters, query, headers and body', async () => {
    const res = await fetch(`${base}/api/things/a%20b?x=1&x=2&y=z`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Custom': 'Value', cookie: 'c1=v1; c2=v2' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const event = (await res.json()) as {
      headers: Record<string, string>;
      requestContext: { requestId: string };
    };
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/things/{id}',
      rawPath: '/api/things/a%20b',
      rawQueryString: 'x=1&x=2&y=z',
      pathParameters: { id: 'a b' },
      queryStringParameters: { x: '1,2', y: 'z' },
      cookies: ['c1=v1', 'c2=v2'],
      body: '{"name":"Ada"}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/api/things/a%20b' },
        routeKey: 'POST /api/things/{id}',
        stage: '$default',
      },
    });
    expect(event.headers['x-custom']).toBe('Value');
    expect(event.requestContext.requestId).toMatch(/[0-9a-f-]{36}/);
  });

  it('prefers a literal path segment over a path parameter', async () => {
    const res = await fetch(`${base}/api/things/special`);
    expect(((await res.json()) as { routeKey: string }).routeKey).toBe('GET /api/things/special');
  });

  it('answers a handler result without statusCode as 200 JSON, as HTTP API v2 does', async () => {
    const res = await fetch(`${base}/api/things/1/plain`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hello: 'world' });
  });

  it('answers 404 in the error format for an unknown API path or a wrong method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/things/1'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('turns a crashing handler into a bare 500 that reveals nothing', async () => {
    const res = await fetch(`${base}/api/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
    expect(text).not.toContain('secret');
  });

  it('refuses a body larger than API Gateway accepts with 413', async () => {
    const res = await fetch(`${base}/api/things/1`, { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
  });

  it('streams a streaming handler chunk by chunk with the status and headers it chose', async () => {
    const res = await fetch(`${base}/api/stream`, { method: 'POST', body: JSON.stringify({ count: 4 }) });
    expect(res.status).toBe(202);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const chunks: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(new TextDecoder().decode(value));
    }
    expect(chunks.join('')).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\ndata: 3\n\n');
    // Delivered as it was produced, not in one piece at the end.
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('serves built files and falls back to index.html for any other non-API path', async () => {
    const asset = await fetch(`${base}/assets/app-123.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const path of ['/', '/pricing', '/automations/123/leads']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('app shell');
    }
  });

  it('does not serve files outside the web root', async () => {
    const res = await fetch(`${base}/..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).toContain('app shell');
  });
});

describe('local HTTP gateway, malformed input', () => {
  it('answers 400, not 500, to a path parameter with a broken escape', async () => {
    const res = await fetch(`${base}/api/things/%E0%A4%A`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'The request path is not valid' });
  });
});
