import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../../functions/core/client-ip';
import type { HttpRoute } from '../../functions/routes';
import { API_CACHE_CONTROL, securityHeaders } from '../../lib/security-headers';
import { chooseEncoding, compressBytes, compressedFile, isCompressible } from './compression';
import {
  createResponseStream,
  isStreamingHandler,
  lambdaContext,
  loadHandler,
  type ResponseStreamMetadata,
} from './lambda-runtime';

/**
 * The local stand-in for the HTTP API (and, for stream rows, the function URL behind CloudFront):
 * matches a request against the route table, calls the real handler with an HTTP API v2.0 event, and
 * serves the built web app with the SPA fallback for every other path.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024; // API Gateway's payload limit

interface CompiledRoute {
  route: HttpRoute;
  pattern: RegExp;
  params: string[];
}

export function compileRoutes(routes: readonly HttpRoute[]): CompiledRoute[] {
  const compiled = routes.map((route) => {
    const params: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const greedy = segment.match(/^\{(\w+)\+\}$/);
        if (greedy) {
          params.push(greedy[1]!);
          return '(.+)';
        }
        const param = segment.match(/^\{(\w+)\}$/);
        if (param) {
          params.push(param[1]!);
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}$`), params };
  });
  // Like API Gateway, a literal segment wins over a parameter: fewer parameters first.
  return compiled.sort((a, b) => a.params.length - b.params.length);
}

export type RouteMatch =
  | { kind: 'match'; route: HttpRoute; pathParameters: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'bad-path' }
  | { kind: 'none' };

export function matchRoute(compiled: CompiledRoute[], method: string, path: string): RouteMatch {
  let pathMatched = false;
  for (const { route, pattern, params } of compiled) {
    const m = pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    try {
      params.forEach((name, i) => {
        pathParameters[name] = decodeURIComponent(m[i + 1]!);
      });
    } catch {
      return { kind: 'bad-path' };
    }
    return { kind: 'match', route, pathParameters };
  }
  return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'none' };
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('Request body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * What CloudFront writes on an origin request whatever the client sent: the viewer's address and the origin
 * secret (functions/core/origin.ts). The gateway plays CloudFront, so a client's own copies are dropped.
 */
const EDGE_HEADERS = new Set(['cloudfront-viewer-address', ORIGIN_VERIFY_HEADER]);

export function toEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
  originSecret: string | undefined = process.env.ORIGIN_VERIFY_SECRET,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie' || EDGE_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // The client is this socket's peer, written as CloudFront does ("ip:port").
  const peer = req.socket.remoteAddress ?? '127.0.0.1';
  headers['cloudfront-viewer-address'] = `${peer}:${req.socket.remotePort ?? 0}`;
  if (originSecret) headers[ORIGIN_VERIFY_HEADER] = originSecret;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const cookies = req.headers.cookie?.split(/;\s*/).filter(Boolean);
  const contentType = String(req.headers['content-type'] ?? 'application/json');
  const isText = TEXT_TYPES.test(contentType);
  const now = new Date();
  const method = req.method ?? 'GET';
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: String(req.headers.host ?? 'localhost'),
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: peer,
        userAgent: String(req.headers['user-agent'] ?? ''),
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

async function writeResult(
  req: IncomingMessage,
  res: ServerResponse,
  result: unknown,
  requestId: string,
): Promise<void> {
  // HTTP API v2 rules: an object with statusCode is a full response; anything else is a 200 JSON body.
  const full =
    result && typeof result === 'object' && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : {
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(result ?? null),
        };
  const headers: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [k, v] of Object.entries(full.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (full.cookies?.length) headers['set-cookie'] = full.cookies;
  let body: Buffer =
    full.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(full.body, full.isBase64Encoded ? 'base64' : 'utf8');
  // CloudFront compresses the API's answers on the way out (lib/web-stack.ts), as it does the web app.
  const encoding = isCompressible(String(headers['content-type'] ?? ''), body.length)
    ? chooseEncoding(req.headers['accept-encoding'])
    : undefined;
  if (encoding && !headers['content-encoding']) {
    body = await compressBytes(body, encoding);
    headers['content-encoding'] = encoding;
    headers.vary = 'Accept-Encoding';
  }
  res.writeHead(full.statusCode ?? 200, headers);
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function invokeStreaming(
  handler: unknown,
  event: APIGatewayProxyEventV2,
  res: ServerResponse,
  name: string,
) {
  let headWritten = false;
  const writeHead = (metadata: ResponseStreamMetadata = {}) => {
    if (headWritten) return;
    headWritten = true;
    const headers: Record<string, string | string[]> = { 'apigw-requestid': event.requestContext.requestId };
    for (const [k, v] of Object.entries(metadata.headers ?? {})) headers[k.toLowerCase()] = v;
    if (metadata.cookies?.length) headers['set-cookie'] = metadata.cookies;
    headers['content-type'] ??= 'application/octet-stream';
    res.writeHead(metadata.statusCode ?? 200, headers);
    res.flushHeaders();
  };
  const target = new Writable({
    write(chunk, _encoding, done) {
      writeHead();
      res.write(chunk, done);
    },
    final(done) {
      writeHead();
      res.end(done);
    },
  });
  res.on('close', () => target.destroy());
  const stream = createResponseStream(target, writeHead);
  await (handler as (e: unknown, s: Writable, c: unknown) => Promise<void>)(
    event,
    stream,
    lambdaContext(name, 900_000),
  );
}

export interface GatewayOptions {
  routes: readonly HttpRoute[];
  /** Built web app to serve; requests for other paths get its index.html. */
  webRoot?: string;
  /** Dev mode: a middleware (Vite's) that serves the web app instead of webRoot. */
  webMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  log?: (line: string) => void;
}

export function createHttpGateway(options: GatewayOptions) {
  const compiled = compileRoutes(options.routes);
  const log = options.log ?? (() => undefined);

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const match = matchRoute(compiled, method, url.pathname);
    if (match.kind === 'bad-path') {
      return sendJson(res, 400, { code: 'VALIDATION_ERROR', message: 'The request path is not valid' });
    }
    // API Gateway answers a wrong method like an unknown path.
    if (match.kind !== 'match') return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
    const { route, pathParameters } = match;
    const routeKey = `${route.method} ${route.path}`;
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      const status = (error as { status?: number }).status ?? 400;
      return sendJson(res, status, { code: 'VALIDATION_ERROR', message: (error as Error).message });
    }
    // A function URL has no routes of its own: its event says $default, as in AWS.
    const event = toEvent(req, url, body, route.stream ? '$default' : routeKey, pathParameters);
    const handler = await loadHandler(route.handler, '.handler.ts', {
      localOnly: route.localOnly ?? false,
      ...(route.runsAs ? { runsAs: route.runsAs } : {}),
    });
    const started = Date.now();
    if (route.stream) {
      if (!isStreamingHandler(handler))
        throw new Error(`${route.handler} is a stream route but its handler does not stream`);
      await invokeStreaming(handler, event, res, route.handler);
    } else {
      const result = await (handler as (e: unknown, c: unknown) => Promise<unknown>)(
        event,
        lambdaContext(route.handler),
      );
      await writeResult(req, res, result, event.requestContext.requestId);
    }
    log(`${method} ${url.pathname} ${res.statusCode} ${Date.now() - started} ms`);
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (options.webMiddleware) {
      return options.webMiddleware(req, res, () =>
        sendJson(res, 404, { code: 'NOT_FOUND', message: 'Not found' }),
      );
    }
    const root = options.webRoot;
    if (!root) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
    return serveWebApp(req, res, root, url);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // CloudFront adds these to every response, static, API and stream alike; so does this gateway,
    // before anything else writes, so errors carry them too (a handler's own headers come on top).
    for (const [name, value] of Object.entries(localSecurityHeaders(req, Boolean(options.webMiddleware))))
      res.setHeader(name, value);
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    // CloudFront's API policy adds no-store where an answer says nothing of caching (lib/web-stack.ts).
    if (isApi) res.setHeader('cache-control', API_CACHE_CONTROL);
    try {
      if (isApi) await serveApi(req, res, url);
      else await serveStatic(req, res, url);
    } catch (error) {
      // Like API Gateway when the integration fails: a bare 500, details only in the console.
      console.error('[gateway]', error);
      if (!res.headersSent) sendJson(res, 500, { code: 'INTERNAL_ERROR', message: 'Internal server error' });
      else res.destroy();
    }
  };
}

/**
 * lib/security-headers.ts's headers with the local WebSocket in connect-src: the origin the browser
 * used (`ws://localhost:3000`, which /ws is on). In dev mode Vite's HMR socket listens on another port
 * of the same host and its preamble is an inline script; only then is the policy relaxed for them.
 */
export function localSecurityHeaders(
  req: Pick<IncomingMessage, 'headers'>,
  dev = false,
): Record<string, string> {
  const host = String(req.headers.host ?? '');
  // A Host header is the caller's own, but a malformed one must not make an invalid CSP.
  const origin = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(host) ? host : '127.0.0.1';
  const hostname = origin.replace(/:\d+$/, '');
  const connectSources = dev ? [`ws://${origin}`, `ws://${hostname}:*`] : [`ws://${origin}`];
  return securityHeaders({ connectSources, dev });
}

/**
 * The built web app under `root` as CloudFront serves it: its files (compressed, `immutable` under
 * assets/, `no-cache` else), and index.html for any other path (the SPA fallback). Exported for the web
 * bench's quiet server (scripts/bench/quiet-server.ts), which serves the app alone.
 */
export async function serveWebApp(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  url: URL,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    // A malformed escape (`/%E0%A4%A`) names no file: the client's mistake, not the server's.
    return sendJson(res, 400, { code: 'VALIDATION_ERROR', message: 'The request path is not valid' });
  }
  const requested = normalize(decoded).replace(/^([/\\])+/, '');
  const file = resolve(root, requested);
  const inside = file === resolve(root) || file.startsWith(resolve(root) + sep);
  const found = inside ? await stat(file).catch(() => undefined) : undefined;
  if (found?.isFile()) return sendFile(res, req, file, requested.startsWith('assets/'));
  // SPA fallback: the browser router decides what any other path shows.
  return sendFile(res, req, join(root, 'index.html'), false);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
  '.map': 'application/json; charset=utf-8',
};

/** The Content-Type a file of the web app is served with. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function sendFile(
  res: ServerResponse,
  req: IncomingMessage,
  file: string,
  immutable: boolean,
): Promise<void> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The web app is not built yet. Run `npm run build:web` or restart `npm start`.');
    return;
  }
  const contentType = contentTypeOf(file);
  const cacheControl = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
  const encoding = isCompressible(contentType, info.size)
    ? chooseEncoding(req.headers['accept-encoding'])
    : undefined;
  if (encoding) {
    const body = await compressedFile(file, info.mtimeMs, encoding);
    res.writeHead(200, {
      'content-type': contentType,
      'content-encoding': encoding,
      'content-length': body.length,
      'cache-control': cacheControl,
      vary: 'Accept-Encoding',
    });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': info.size,
    'cache-control': cacheControl,
    ...(isCompressible(contentType, info.size) ? { vary: 'Accept-Encoding' } : {}),
  });
  if (req.method === 'HEAD') return void res.end();
  await new Promise<void>((done, fail) => {
    createReadStream(file).on('error', fail).on('end', done).pipe(res);
  });
}
