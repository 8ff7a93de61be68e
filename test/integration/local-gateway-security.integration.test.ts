import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRoute } from '../../functions/routes';
import { securityHeaders } from '../../lib/security-headers';
import { createHttpGateway, type GatewayOptions } from '../../scripts/local-cloud/http-gateway';

/**
 * Issue 8, point 14: the local gateway answers a malformed path escape with 400, and sends the headers
 * CloudFront's policy adds in AWS (lib/security-headers.ts) on every response: static, API, stream, errors.
 */
// Not functions of the stacks (localOnly): they test the gateway, and run as the local cloud itself.
const fixture = { auth: 'public', table: 'read', localOnly: true } as const;
const routes: HttpRoute[] = [
  { method: 'POST', path: '/api/things/{id}', handler: '../test/fixtures/echo', ...fixture },
  { method: 'GET', path: '/api/boom', handler: '../test/fixtures/echo', ...fixture },
  { method: 'POST', path: '/api/stream', handler: '../test/fixtures/stream', ...fixture, stream: true },
];

async function serve(options: Omit<GatewayOptions, 'routes'>) {
  const gateway = createHttpGateway({ routes, ...options });
  const server = createServer((req, res) => void gateway(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { server, host, base: `http://${host}` };
}

let server: Server;
let devServer: Server;
let base: string;
let host: string;
let devBase: string;

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'trobly-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>app shell</title>');
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
  ({ server, base, host } = await serve({ webRoot }));
  // Dev mode: Vite's middleware serves the web app.
  ({ server: devServer, base: devBase } = await serve({
    webMiddleware: (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><script type="module">/* vite preamble */</script>');
    },
  }));
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  await new Promise((done) => devServer.close(done));
});

/** What CloudFront adds in AWS, with the local WebSocket's origin in connect-src. */
const expected = () => securityHeaders({ connectSources: [`ws://${host}`] });

function expectProductionHeaders(res: Response, what: string) {
  for (const [name, value] of Object.entries(expected()))
    expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
}

describe('local gateway: bad paths and security headers', () => {
  it('answers a malformed path escape on a static file with 400 and {code, message}, not 500', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/assets/%ZZ.js']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'The request path is not valid',
      });
      expectProductionHeaders(res, path);
    }
  });

  it('sends the production headers on the HTML, the SPA fallback and assets', async () => {
    for (const path of ['/', '/dashboard', '/assets/app-123.js']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expectProductionHeaders(res, path);
    }
  });

  it('spells out the production policy: no inline scripts, no framing, the local WebSocket allowed', async () => {
    const res = await fetch(`${base}/`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ws://${host};`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-xss-protection')).toBe('0');
    expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('sends them on API answers, API errors (404, 400, 500) and streams', async () => {
    const ok = await fetch(`${base}/api/things/a`, { method: 'POST', body: '{}' });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('x-echo')).toBe('yes');
    expectProductionHeaders(ok, 'API answer');

    const notFound = await fetch(`${base}/api/nothing-here`);
    expect(notFound.status).toBe(404);
    expectProductionHeaders(notFound, 'API 404');

    const badPath = await fetch(`${base}/api/things/%E0%A4%A`, { method: 'POST' });
    expect(badPath.status).toBe(400);
    expectProductionHeaders(badPath, 'API bad path');

    const boom = await fetch(`${base}/api/boom`);
    expect(boom.status).toBe(500);
    expectProductionHeaders(boom, 'API 500');

    const stream = await fetch(`${base}/api/stream`, { method: 'POST', body: JSON.stringify({ count: 2 }) });
    expect(stream.ok).toBe(true);
    await stream.text();
    expectProductionHeaders(stream, 'stream');
  });

  it('relaxes only what Vite needs in dev mode: its inline preamble and its HMR socket on another port', async () => {
    const res = await fetch(`${devBase}/`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' 'unsafe-inline';");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ ws:\/\/127\.0\.0\.1:\*;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('keeps a malformed Host header out of the policy', async () => {
    const { request } = await import('node:http');
    const headers = await new Promise<Record<string, unknown>>((done, fail) => {
      const req = request(
        `${base}/`,
        { headers: { host: "evil.test; script-src 'unsafe-inline'" } },
        (res) => {
          res.resume();
          done(res.headers);
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(headers['content-security-policy']).toContain("connect-src 'self' ws://127.0.0.1;");
    expect(headers['content-security-policy']).not.toContain('evil');
  });
});
