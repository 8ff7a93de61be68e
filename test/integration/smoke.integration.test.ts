import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { type LocalCloud, startLocalCloud } from '../../scripts/local-cloud';
import { repoRoot } from '../../scripts/local-cloud/lambda-runtime';
import { CHECK_NAMES } from '../../scripts/smoke';
import { PRODUCT_NAME } from '../../shared/product';
import { SPLASH_TEXT } from '../../web/src/app/splash/splash-text';

/**
 * Issue 32 point 5: `npm run smoke -- <url>` checks a stage from outside. Here it runs as a child process,
 * as an operator runs it, against the real local cloud (its gateway, WebSocket gateway and handlers) and
 * against servers of the test's own that get one thing or another wrong.
 *
 * The web root is web/index.html filled as Vite's plugin fills it (web/vite.config.ts): the smoke check
 * reads only the page's shell, so the suite does not build the whole web app for it.
 */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The ✓/✗ lines by check name. */
  lines: Map<string, string[]>;
}

function smoke(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'scripts/smoke.ts', ...args], {
      cwd: repoRoot,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = new Map<string, string[]>();
      for (const line of stdout.split('\n')) {
        const match = /^([✓✗]) ([^:]+):/.exec(line);
        if (match) lines.set(match[2]!, [...(lines.get(match[2]!) ?? []), line]);
      }
      resolve({ code, stdout, stderr, lines });
    });
  });
}

const ALL_CHECKS = Object.values(CHECK_NAMES);

/** Each check's time limit against the local cloud: 30 s, not the default 10, for a machine running the suite. */
const CLOUD_TIMEOUT = ['--timeout', '30'];
/** A test's own limit: tsx's start and up to two check limits (/config.json, then the checks side by side). */
const TEST_TIMEOUT = 90_000;

function expectLine(run: Run, name: string, ok: boolean, detail?: RegExp): void {
  const lines = run.lines.get(name) ?? [];
  expect(lines, `${name} in:\n${run.stdout}${run.stderr}`).toHaveLength(1);
  expect(lines[0]!.startsWith(ok ? '✓' : '✗'), lines[0]).toBe(true);
  if (detail) expect(lines[0]).toMatch(detail);
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

const close = (server: Server) =>
  new Promise<void>((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });

let cloud: LocalCloud;
const servers: Server[] = [];
const socketServers: WebSocketServer[] = [];

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'trobly-smoke-web-'));
  const html = readFileSync(join(repoRoot, 'web', 'index.html'), 'utf8')
    .replaceAll('%PRODUCT_NAME%', PRODUCT_NAME)
    .replaceAll('%SPLASH_TEXT%', SPLASH_TEXT);
  writeFileSync(join(webRoot, 'index.html'), html);
  cloud = await startLocalCloud({
    port: 0,
    stateDir: mkdtempSync(join(tmpdir(), 'trobly-smoke-state-')),
    persist: false,
    webRoot,
  });
  // The first request to a handler imports it (a cold start, seconds on a busy machine): the checks should
  // judge the answers, not the machine's load.
  const warm = (path: string, init?: RequestInit) => fetch(`${cloud.url}${path}`, init).then((r) => r.text());
  await Promise.all([
    warm('/api/health'),
    warm('/api/auth/me'),
    warm('/api/leads/ai-filter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
    new Promise<void>((done) => {
      const socket = new WebSocket(cloud.webSocketUrl);
      socket.on('unexpected-response', (req) => {
        req.destroy();
        done();
      });
      socket.on('open', () => {
        socket.close();
        done();
      });
      socket.on('error', () => done());
    }),
  ]);
}, 180_000);

afterAll(async () => {
  for (const wss of socketServers) await new Promise((done) => wss.close(done));
  for (const server of servers) await close(server);
  await cloud?.stop();
});

/**
 * Forwards every request to the local cloud, but takes what `misbehave` answers itself, or lets it rewrite
 * the cloud's response headers.
 */
async function proxyToCloud(misbehave: {
  answer?: (path: string) => { status: number; type: string; body: string } | undefined;
  headers?: (path: string, headers: Record<string, unknown>) => void;
  /** Sends the cloud's own host upstream, so its CSP names the cloud's socket (as CloudFront's names the API's). */
  upstreamHost?: boolean;
}): Promise<string> {
  const target = new URL(cloud.url);
  const server = createServer((req, res) => {
    const own = misbehave.answer?.(req.url ?? '/');
    if (own) {
      res.writeHead(own.status, { 'content-type': own.type }).end(own.body);
      return;
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: misbehave.upstreamHost ? { ...req.headers, host: target.host } : req.headers,
      },
      (answer) => {
        const headers: Record<string, unknown> = { ...answer.headers };
        misbehave.headers?.(req.url ?? '/', headers);
        res.writeHead(answer.statusCode ?? 502, headers as Record<string, string>);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  servers.push(server);
  return `http://127.0.0.1:${await listen(server)}`;
}

describe('npm run smoke', () => {
  it(
    'passes every check against the local cloud, finding the socket and the stream as the browser does',
    async () => {
      const run = await smoke(cloud.url, ...CLOUD_TIMEOUT);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      for (const name of ALL_CHECKS) expectLine(run, name, true);
      expectLine(run, CHECK_NAMES.health, true, /GET \/api\/health 200 .*"status":"ok"/);
      expectLine(
        run,
        CHECK_NAMES.headers,
        true,
        new RegExp(`connect-src allows ${cloud.webSocketUrl.replace(/\/ws$/, '')}`),
      );
      expectLine(run, CHECK_NAMES.signedOut, true, /401 .*"code":"UNAUTHORIZED"/);
      // No /config.json locally: the page's own origin's /ws, as web/src/lib/realtime.ts falls back to.
      expectLine(
        run,
        CHECK_NAMES.webSocket,
        true,
        /\/ws \(no realtimeUrl in \/config\.json: same origin\) refused with 401/,
      );
      expectLine(run, CHECK_NAMES.stream, true, /POST .*\/api\/leads\/ai-filter 401/);
      expect(run.stdout).toMatch(/All 6 checks passed\./);
    },
    TEST_TIMEOUT,
  );

  it(
    "reads the socket's address from /config.json, as the deployed web app does",
    async () => {
      const base = await proxyToCloud({
        upstreamHost: true,
        answer: (path) =>
          path === '/config.json'
            ? {
                status: 200,
                type: 'application/json',
                body: JSON.stringify({ realtimeUrl: cloud.webSocketUrl }),
              }
            : undefined,
      });
      const run = await smoke(base, ...CLOUD_TIMEOUT);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      for (const name of ALL_CHECKS) expectLine(run, name, true);
      expectLine(
        run,
        CHECK_NAMES.webSocket,
        true,
        new RegExp(`${cloud.webSocketUrl} \\(/config\\.json\\) refused with 401`),
      );
      expectLine(run, CHECK_NAMES.stream, true, new RegExp(`POST ${base}/api/leads/ai-filter 401`));
    },
    TEST_TIMEOUT,
  );

  it(
    "fails the headers when the page's connect-src does not allow the socket /config.json names",
    async () => {
      const elsewhere = cloud.webSocketUrl.replace('//localhost:', '//127.0.0.1:');
      const base = await proxyToCloud({
        answer: (path) =>
          path === '/config.json'
            ? { status: 200, type: 'application/json', body: JSON.stringify({ realtimeUrl: elsewhere }) }
            : undefined,
      });
      const run = await smoke(base, ...CLOUD_TIMEOUT);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expectLine(
        run,
        CHECK_NAMES.headers,
        false,
        /CSP connect-src does not allow the WebSocket ws:\/\/127\.0\.0\.1:/,
      );
      expectLine(run, CHECK_NAMES.webSocket, true);
    },
    TEST_TIMEOUT,
  );

  it(
    'fails, naming the check, when the page comes without its Content-Security-Policy',
    async () => {
      const base = await proxyToCloud({
        headers: (path, headers) => {
          if (path === '/') delete headers['content-security-policy'];
        },
      });
      // The proxy does not forward upgrades: the socket and the stream are named by hand (the flags).
      const run = await smoke(
        base,
        ...CLOUD_TIMEOUT,
        '--ws-url',
        cloud.webSocketUrl,
        '--stream-url',
        `${cloud.url}/api/leads/ai-filter`,
      );
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expectLine(run, CHECK_NAMES.headers, false, /no Content-Security-Policy header/);
      for (const name of ALL_CHECKS.filter((n) => n !== CHECK_NAMES.headers)) expectLine(run, name, true);
      expect(run.stdout).toMatch(/1 of 6 checks failed\./);
    },
    TEST_TIMEOUT,
  );

  it(
    'fails each check a stage gets wrong: a signed-out 200, a socket and a stream open to anyone',
    async () => {
      const base = await proxyToCloud({
        answer: (path) =>
          path === '/api/auth/me'
            ? { status: 200, type: 'application/json', body: '{"id":"someone"}' }
            : path === '/open-stream'
              ? { status: 200, type: 'text/event-stream', body: 'data: {"type":"match"}\n\n' }
              : undefined,
      });
      const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
      socketServers.push(wss);
      await new Promise((done) => wss.once('listening', done));
      const wsUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/live`;

      const run = await smoke(
        base,
        ...CLOUD_TIMEOUT,
        '--ws-url',
        wsUrl,
        '--stream-url',
        `${base}/open-stream`,
      );
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expectLine(run, CHECK_NAMES.health, true);
      expectLine(run, CHECK_NAMES.html, true);
      expectLine(run, CHECK_NAMES.signedOut, false, /answered 200: \{"id":"someone"\}/);
      expectLine(run, CHECK_NAMES.webSocket, false, /accepted a connection without a token/);
      expectLine(run, CHECK_NAMES.stream, false, /answered 200 with an event stream/);
    },
    TEST_TIMEOUT,
  );

  it('gives each check its own time limit when the stage does not answer (instead of hanging)', async () => {
    const silent = createServer(() => undefined);
    servers.push(silent);
    const base = `http://127.0.0.1:${await listen(silent)}`;
    const run = await smoke(base, '--timeout', '1');
    expect(run.code, run.stdout + run.stderr).toBe(1);
    for (const name of ALL_CHECKS) expectLine(run, name, false, /no answer within 1 s/);
  });

  it('refuses to run without an app URL', async () => {
    const run = await smoke();
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Usage: npm run smoke -- <app URL>/);
  });
});
