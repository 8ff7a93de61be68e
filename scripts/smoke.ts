import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { httpRoutes } from '../functions/routes';
import { contentSecurityPolicy, FRAME_OPTIONS } from '../lib/security-headers';
import { errorBody } from '../shared/api-error';
import { healthResponse } from '../shared/health';
import { PRODUCT_NAME } from '../shared/product';

/**
 * `npm run smoke -- https://dxxxx.cloudfront.net`: checks a running stage from outside, knowing only the
 * app's public URL, as a browser would find its way around:
 *
 *  - health: `GET /api/health` answers 200 with the health body, every check 'ok';
 *  - app html: `GET /` answers 200 text/html with the app's shell (root element, title, module script);
 *  - security headers: that answer carries lib/security-headers.ts's Content-Security-Policy (connect-src
 *    allowing the WebSocket's origin), X-Frame-Options DENY and nosniff;
 *  - signed-out 401: `GET /api/auth/me` without a token answers 401 with the error body {code, message};
 *  - websocket: the WebSocket API refuses a connection without a token (401/403, no upgrade);
 *  - stream: each stream row of functions/routes.ts (the AI filter) refuses a request without a token
 *    (401/403 with the error body, no event stream).
 *
 * The WebSocket's address comes from where the web app reads it (web/src/lib/realtime.ts): `/config.json`'s
 * `realtimeUrl`, which the web stack writes at deploy (`wss://{api}.execute-api.{region}.amazonaws.com/live`),
 * else the page's own origin's `/ws` (the local cloud, which has no config.json). Stream rows are served on
 * the app's origin in both (CloudFront's behaviour per stream path, the local gateway's route). `--ws-url`
 * and `--stream-url` override them (a stream function's own URL answers 403: CloudFront's origin header is
 * missing). Every check has its own time limit (`--timeout`, seconds, default 10); one line per check, exit
 * code 1 when any fails, 2 on a usage error.
 */

export const CHECK_NAMES = {
  health: 'health',
  html: 'app html',
  headers: 'security headers',
  signedOut: 'signed-out 401',
  webSocket: 'websocket refuses unsigned connect',
  stream: 'stream refuses unsigned request',
} as const;

/** The web app's socket configuration (web/src/lib/realtime.ts `CONFIG_PATH`, `sameOriginSocketUrl`). */
const CONFIG_PATH = '/config.json';
const SAME_ORIGIN_SOCKET_PATH = '/ws';
const SIGNED_OUT_PATH = '/api/auth/me';
const HEALTH_PATH = '/api/health';

export interface SmokeOptions {
  /** The app's public URL (CloudFront's, or the local cloud's). */
  baseUrl: string;
  /** Overrides the WebSocket URL found in /config.json. */
  webSocketUrl?: string;
  /** Overrides the stream URLs (the stream rows' paths on the app's origin). */
  streamUrl?: string;
  timeoutMs: number;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

class CheckFailure extends Error {}

const fail = (detail: string): never => {
  throw new CheckFailure(detail);
};

/** A short, one-line rendering of what came back. */
function excerpt(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line || '(empty body)';
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof CheckFailure) return error.message;
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = e?.cause ? ` (${e.cause.code ?? e.cause.message})` : '';
  return `${e?.message ?? String(error)}${cause}`;
}

/** Runs one check under its own time limit; a check returns the detail of its success line. */
async function runCheck(
  name: string,
  timeoutMs: number,
  check: (signal: AbortSignal) => Promise<string>,
): Promise<CheckResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error('timed out');
      error.name = 'TimeoutError';
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    const detail = await Promise.race([check(controller.signal), timedOut]);
    return { name, ok: true, detail };
  } catch (error) {
    return { name, ok: false, detail: describeError(error, timeoutMs) };
  } finally {
    clearTimeout(timer);
  }
}

async function readJson(response: Response): Promise<{ text: string; json: unknown }> {
  const text = await response.text();
  try {
    return { text, json: JSON.parse(text) as unknown };
  } catch {
    return { text, json: undefined };
  }
}

/** What the browser does (web/src/lib/realtime.ts): /config.json's realtimeUrl, else this origin's /ws. */
export async function discoverWebSocketUrl(
  base: URL,
  timeoutMs: number,
): Promise<{ url: string; source: string }> {
  const sameOrigin = `${base.protocol === 'https:' ? 'wss' : 'ws'}://${base.host}${SAME_ORIGIN_SOCKET_PATH}`;
  try {
    const response = await fetch(new URL(CONFIG_PATH, base), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const { json } = await readJson(response);
    const url = (json as { realtimeUrl?: unknown } | undefined)?.realtimeUrl;
    if (response.ok && typeof url === 'string' && /^wss?:\/\/[^/]/.test(url))
      return { url, source: CONFIG_PATH };
  } catch {
    // No answer: the browser falls back to its own origin too.
  }
  return { url: sameOrigin, source: `no realtimeUrl in ${CONFIG_PATH}: same origin` };
}

/** `default-src 'self'; script-src 'self'` -> Map { 'default-src' => ["'self'"], ... } */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Whether a connect-src source list lets the page (at `page`) open `socket` (CSP3 source matching, simplified). */
function allowsConnect(sources: readonly string[], page: URL, socket: URL): boolean {
  const defaultPort = (protocol: string) => (protocol === 'wss:' || protocol === 'https:' ? '443' : '80');
  const socketPort = socket.port || defaultPort(socket.protocol);
  return sources.some((source) => {
    if (source === '*') return true;
    if (source === "'self'") {
      // 'self' covers ws: and wss: on the page's own host and port (CSP3).
      const secure = page.protocol === 'https:';
      return (
        socket.hostname === page.hostname &&
        socketPort === (page.port || defaultPort(page.protocol)) &&
        (socket.protocol === 'wss:' || !secure)
      );
    }
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return socket.protocol === source.toLowerCase();
    const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?/i.exec(source);
    if (!match) return false;
    const [, scheme, wildcard, host, port] = match;
    if (scheme && `${scheme.toLowerCase()}:` !== socket.protocol) return false;
    const hostOk = wildcard
      ? socket.hostname.endsWith(`.${host!.toLowerCase()}`)
      : socket.hostname === host!.toLowerCase();
    const portOk = port === '*' || (port ?? defaultPort(socket.protocol)) === socketPort;
    return hostOk && portOk;
  });
}

/** What is wrong with the security headers of the app's page, if anything. */
export function securityHeaderProblems(headers: Headers, page: URL, socketUrl: string | undefined): string[] {
  const problems: string[] = [];
  const policy = headers.get('content-security-policy');
  if (!policy) problems.push('no Content-Security-Policy header');
  else {
    const served = parseCsp(policy);
    // lib/security-headers.ts's policy, directive by directive; connect-src is checked on its own below.
    const expected = parseCsp(contentSecurityPolicy({ connectSources: [] }));
    for (const [name, sources] of expected) {
      const got = served.get(name);
      if (!got) problems.push(`CSP has no ${name}`);
      else if (name === 'connect-src') {
        if (!got.includes("'self'")) problems.push("CSP connect-src lacks 'self'");
      } else if (got.join(' ') !== sources.join(' '))
        problems.push(`CSP ${name} is '${got.join(' ')}', expected '${sources.join(' ')}'`);
    }
    const connect = served.get('connect-src') ?? served.get('default-src') ?? [];
    if (socketUrl && !allowsConnect(connect, page, new URL(socketUrl)))
      problems.push(`CSP connect-src does not allow the WebSocket ${new URL(socketUrl).origin}`);
  }
  // Framing is refused twice over, as lib/security-headers.ts says: frame-ancestors above, and this.
  const frameOptions = headers.get('x-frame-options');
  if (frameOptions?.toUpperCase() !== FRAME_OPTIONS)
    problems.push(`X-Frame-Options is ${frameOptions ?? 'missing'}, expected ${FRAME_OPTIONS}`);
  if (headers.get('x-content-type-options')?.toLowerCase() !== 'nosniff')
    problems.push('X-Content-Type-Options is not nosniff');
  if (page.protocol === 'https:' && !headers.get('strict-transport-security'))
    problems.push('no Strict-Transport-Security header');
  return problems;
}

async function checkHealth(base: URL, signal: AbortSignal): Promise<string> {
  const response = await fetch(new URL(HEALTH_PATH, base), { signal });
  const { text, json } = await readJson(response);
  if (response.status !== 200) fail(`GET ${HEALTH_PATH} answered ${response.status}: ${excerpt(text)}`);
  const body = healthResponse.safeParse(json);
  if (!body.success) fail(`GET ${HEALTH_PATH} answered 200 but not the health body: ${excerpt(text)}`);
  const failing = Object.entries(body.data!.checks).filter(([, state]) => state !== 'ok');
  if (body.data!.status !== 'ok' || failing.length > 0)
    fail(`GET ${HEALTH_PATH} says ${body.data!.status}: ${excerpt(text)}`);
  return `GET ${HEALTH_PATH} 200 ${excerpt(text)}`;
}

async function fetchPage(base: URL, signal: AbortSignal): Promise<{ response: Response; text: string }> {
  const response = await fetch(new URL('/', base), { headers: { accept: 'text/html' }, signal });
  return { response, text: await response.text() };
}

function checkHtml(response: Response, text: string): string {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200) fail(`GET / answered ${response.status}: ${excerpt(text)}`);
  if (!type.toLowerCase().startsWith('text/html'))
    fail(`GET / answered ${type || 'no content type'}, expected text/html: ${excerpt(text)}`);
  const missing = [
    [/<div\s+id="root"/i, 'the root element <div id="root">'],
    [new RegExp(`<title>\\s*${PRODUCT_NAME}\\s*</title>`, 'i'), `<title>${PRODUCT_NAME}</title>`],
    [/<script\b[^>]*type="module"/i, 'a module script'],
  ]
    .filter(([pattern]) => !(pattern as RegExp).test(text))
    .map(([, what]) => what as string);
  if (missing.length > 0) fail(`GET / has no ${missing.join(', no ')}: ${excerpt(text)}`);
  return `GET / 200 ${type}, ${text.length} bytes, root element, title and module script`;
}

async function checkSignedOut(base: URL, signal: AbortSignal): Promise<string> {
  const response = await fetch(new URL(SIGNED_OUT_PATH, base), {
    headers: { accept: 'application/json' },
    signal,
  });
  const { text, json } = await readJson(response);
  if (response.status !== 401) fail(`GET ${SIGNED_OUT_PATH} answered ${response.status}: ${excerpt(text)}`);
  const body = errorBody.safeParse(json);
  if (!body.success) fail(`GET ${SIGNED_OUT_PATH} answered 401 without the error body: ${excerpt(text)}`);
  if (body.data!.code !== 'UNAUTHORIZED') fail(`GET ${SIGNED_OUT_PATH} answered 401 ${excerpt(text)}`);
  return `GET ${SIGNED_OUT_PATH} 401 ${excerpt(text)}`;
}

type ConnectOutcome =
  | { kind: 'opened' }
  | { kind: 'refused'; status: number; body: string }
  | { kind: 'error'; message: string };

function connectWithoutToken(url: string, signal: AbortSignal): Promise<ConnectOutcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    let settled = false;
    const settle = (outcome: ConnectOutcome) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      resolve(outcome);
    };
    // The check's time limit: the handshake is given up.
    const abort = () => {
      socket.terminate();
      settle({ kind: 'error', message: 'aborted' });
    };
    signal.addEventListener('abort', abort, { once: true });
    socket.on('open', () => {
      socket.close();
      settle({ kind: 'opened' });
    });
    socket.on('unexpected-response', (request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      // The refusal is the status line; its body, if it comes within a second, only explains it.
      const done = () => {
        clearTimeout(wait);
        settle({ kind: 'refused', status: response.statusCode ?? 0, body });
        request.destroy();
      };
      const wait = setTimeout(done, 1000);
      response.on('end', done);
      response.on('error', done);
      response.on('aborted', done);
    });
    socket.on('error', (error) => settle({ kind: 'error', message: describeError(error, 0) }));
  });
}

async function checkWebSocket(url: string, source: string, signal: AbortSignal): Promise<string> {
  const outcome = await connectWithoutToken(url, signal);
  const where = `${url} (${source})`;
  if (outcome.kind === 'opened') fail(`${where} accepted a connection without a token`);
  if (outcome.kind === 'error') fail(`${where}: ${outcome.message}`);
  const { status, body } = outcome as Extract<ConnectOutcome, { kind: 'refused' }>;
  if (status !== 401 && status !== 403)
    fail(`${where} answered ${status} (expected 401 or 403): ${excerpt(body)}`);
  return `${where} refused with ${status}`;
}

async function checkStream(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query: 'smoke check', automationId: 'smoke-check' }),
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.toLowerCase().startsWith('text/event-stream')) {
    await response.body?.cancel();
    fail(`POST ${url} answered ${response.status} with an event stream`);
  }
  const { text, json } = await readJson(response);
  if (response.status !== 401 && response.status !== 403)
    fail(`POST ${url} answered ${response.status} (expected 401 or 403): ${excerpt(text)}`);
  if (!errorBody.safeParse(json).success)
    fail(`POST ${url} answered ${response.status} without the error body: ${excerpt(text)}`);
  return `POST ${url} ${response.status} ${excerpt(text)}`;
}

/** The stream rows of the route table, on the app's origin (CloudFront's behaviours, the local gateway's routes). */
export function streamUrls(base: URL): string[] {
  return httpRoutes.filter((r) => r.stream && !r.localOnly).map((r) => new URL(r.path, base).toString());
}

export async function runSmoke(options: SmokeOptions): Promise<CheckResult[]> {
  const base = new URL(options.baseUrl);
  const { timeoutMs } = options;
  const socket = options.webSocketUrl
    ? { url: options.webSocketUrl, source: '--ws-url' }
    : await discoverWebSocketUrl(base, timeoutMs);
  const streams = options.streamUrl ? [options.streamUrl] : streamUrls(base);
  // One request serves both page checks, each reported on its own line.
  const page = fetchPage(base, AbortSignal.timeout(timeoutMs));
  const checks: Array<Promise<CheckResult>> = [
    runCheck(CHECK_NAMES.health, timeoutMs, (signal) => checkHealth(base, signal)),
    runCheck(CHECK_NAMES.html, timeoutMs, async () => {
      const { response, text } = await page;
      return checkHtml(response, text);
    }),
    runCheck(CHECK_NAMES.headers, timeoutMs, async () => {
      const { response } = await page;
      // A socket named by hand need not be the one the page's policy allows.
      const socketUrl = options.webSocketUrl ? undefined : socket.url;
      const problems = securityHeaderProblems(response.headers, base, socketUrl);
      if (problems.length > 0) fail(`GET /: ${problems.join('; ')}`);
      return (
        `GET / CSP as in lib/security-headers.ts` +
        (socketUrl ? `, connect-src allows ${new URL(socketUrl).origin}` : '') +
        `, X-Frame-Options ${response.headers.get('x-frame-options')}, nosniff`
      );
    }),
    runCheck(CHECK_NAMES.signedOut, timeoutMs, (signal) => checkSignedOut(base, signal)),
    runCheck(CHECK_NAMES.webSocket, timeoutMs, (signal) => checkWebSocket(socket.url, socket.source, signal)),
    ...(streams.length > 0
      ? streams.map((url) => runCheck(CHECK_NAMES.stream, timeoutMs, (signal) => checkStream(url, signal)))
      : [
          Promise.resolve({
            name: CHECK_NAMES.stream,
            ok: false,
            detail: 'the route table has no stream row',
          }),
        ]),
  ];
  return Promise.all(checks);
}

export const formatResult = (result: CheckResult): string =>
  `${result.ok ? '✓' : '✗'} ${result.name}: ${result.detail}`;

const USAGE = `Usage: npm run smoke -- <app URL> [--ws-url wss://…] [--stream-url https://…] [--timeout seconds]
  <app URL>      the stage's public URL, e.g. https://dxxxx.cloudfront.net (or http://localhost:3000)
  --ws-url       the WebSocket API's URL (default: /config.json's realtimeUrl, else <app URL>/ws)
  --stream-url   the AI filter's stream URL (default: its route path on <app URL>)
  --timeout      seconds each check may take (default 10)`;

const parseOptions = () =>
  parseArgs({
    allowPositionals: true,
    options: {
      'ws-url': { type: 'string' },
      'stream-url': { type: 'string' },
      timeout: { type: 'string', default: '10' },
      help: { type: 'boolean', short: 'h' },
    },
  });

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [baseUrl] = positionals;
  const timeoutSeconds = Number(values.timeout);
  const urlOk = (value: string | undefined, schemes: RegExp) => value === undefined || schemes.test(value);
  if (
    positionals.length !== 1 ||
    !urlOk(baseUrl, /^https?:\/\/[^/\s]+/) ||
    !urlOk(values['ws-url'], /^wss?:\/\/[^/\s]+/) ||
    !urlOk(values['stream-url'], /^https?:\/\/[^/\s]+/) ||
    !(timeoutSeconds > 0)
  ) {
    console.error(USAGE);
    return 2;
  }
  console.log(`Smoke check of ${baseUrl}`);
  const results = await runSmoke({
    baseUrl: baseUrl!,
    ...(values['ws-url'] ? { webSocketUrl: values['ws-url'] } : {}),
    ...(values['stream-url'] ? { streamUrl: values['stream-url'] } : {}),
    timeoutMs: timeoutSeconds * 1000,
  });
  for (const result of results) console.log(formatResult(result));
  const failed = results.filter((r) => !r.ok).length;
  console.log(
    failed === 0 ? `All ${results.length} checks passed.` : `${failed} of ${results.length} checks failed.`,
  );
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
