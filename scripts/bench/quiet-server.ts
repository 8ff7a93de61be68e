import { readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { join, relative, sep } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { type WebSocket, WebSocketServer } from 'ws';
import { API_CACHE_CONTROL } from '../../lib/security-headers';
import { chooseEncoding, compressBytes, compressedFile, isCompressible } from '../local-cloud/compression';
import { contentTypeOf, localSecurityHeaders, serveWebApp } from '../local-cloud/http-gateway';
import { selfSignedCertificate } from './http2-front';
import { answerKey, type Recording } from './web-recording';

/**
 * `npm run bench -- web`, step 2: the server Lighthouse measures against, and nothing else running. One
 * Node HTTP/2 server over TLS (self-signed, as http2-front.ts; HTTP/1.1 allowed, which the WebSocket
 * uses) that is to the browser what CloudFront is in AWS:
 *  - the built app as the local cloud serves it (http-gateway.ts serveWebApp: the same cache-control,
 *    the SPA fallback; its Brotli bodies all compressed at start, not during a measured load) with the
 *    same security headers (localSecurityHeaders);
 *  - /api/* from the recording (web-recording.ts), compressed as the local cloud's gateway compresses
 *    the API's answers; a call not recorded gets a JSON 404 and is counted, for the bench to print;
 *  - /ws accepted and left idle: the app's live-progress socket is open, as in AWS, and does not
 *    reconnect during a run (each connection is counted, so a reconnect loop would show).
 */
export interface QuietServer {
  url: string;
  /** What a browser that accepts Brotli gets of `pathname`'s body (a file of the app). */
  bodyBytes(pathname: string): Promise<number>;
  /** Calls the recording had no answer to, with how often each came. */
  unrecorded: Map<string, number>;
  /** WebSocket connections opened so far. */
  socketConnections(): number;
  close(): Promise<void>;
}

interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  brotli?: Buffer;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat();
}

/** Every file's body as sent to a Brotli-accepting browser, by URL path; compressed now, kept by compression.ts. */
async function precompress(webRoot: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const file of await filesUnder(webRoot)) {
    const info = await stat(file);
    const body = isCompressible(contentTypeOf(file), info.size)
      ? (await compressedFile(file, info.mtimeMs, 'br')).length
      : info.size;
    sizes.set(`/${relative(webRoot, file).split(sep).join('/')}`, body);
  }
  return sizes;
}

/** The recording's answers, with their Brotli bodies where the gateway would compress them. */
async function apiAnswers(recording: Recording): Promise<Map<string, ApiAnswer>> {
  const answers = new Map<string, ApiAnswer>();
  for (const [key, answer] of recording) {
    const compress = isCompressible(answer.headers['content-type'] ?? '', answer.body.length);
    answers.set(key, { ...answer, ...(compress ? { brotli: await compressBytes(answer.body, 'br') } : {}) });
  }
  return answers;
}

export async function startQuietServer(webRoot: string, recording: Recording): Promise<QuietServer> {
  const sizes = await precompress(webRoot);
  const answers = await apiAnswers(recording);
  const unrecorded = new Map<string, number>();

  const answerApi = (req: Http2ServerRequest, res: Http2ServerResponse, url: URL) => {
    req.resume();
    const key = answerKey(req.method, url.pathname + url.search, req.headers.authorization !== undefined);
    const answer = answers.get(key);
    if (!answer) {
      unrecorded.set(key, (unrecorded.get(key) ?? 0) + 1);
      res.writeHead(404, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': API_CACHE_CONTROL,
      });
      return void res.end(JSON.stringify({ code: 'NOT_FOUND', message: `Not recorded: ${key}` }));
    }
    // As the gateway's writeResult: Brotli when the browser takes it (Chrome always does), else as is.
    const brotli = chooseEncoding(req.headers['accept-encoding']) === 'br' ? answer.brotli : undefined;
    res.writeHead(answer.status, {
      'cache-control': API_CACHE_CONTROL,
      ...answer.headers,
      ...(answer.brotli ? { vary: 'Accept-Encoding' } : {}),
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    res.end(brotli ?? answer.body);
  };

  const server = createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (req: Http2ServerRequest, res: Http2ServerResponse) => {
      const url = new URL(req.url, 'https://127.0.0.1');
      // HTTP/2 names the host in :authority; the CSP's connect-src is built from it.
      const host = req.headers[':authority'] ?? req.headers.host;
      for (const [name, value] of Object.entries(localSecurityHeaders({ headers: { host } })))
        res.setHeader(name, value);
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return answerApi(req, res, url);
      // The compatibility API's request and response have what serveWebApp uses of node:http's
      // (method, headers; writeHead, end, and a writable stream to pipe a file into).
      serveWebApp(req as unknown as IncomingMessage, res as unknown as ServerResponse, webRoot, url).catch(
        (error: unknown) => {
          console.error('[quiet-server]', error);
          if (!res.headersSent) res.writeHead(500);
          res.end();
        },
      );
    },
  );
  // Closed with the server: a browser's idle HTTP/2 session or keep-alive socket would hold it open.
  const connections = new Set<TLSSocket>();
  server.on('secureConnection', (socket: TLSSocket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  const sockets = new WebSocketServer({ noServer: true });
  let socketConnections = 0;
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    if (new URL(req.url ?? '/', 'https://127.0.0.1').pathname !== '/ws') return void socket.destroy();
    sockets.handleUpgrade(req, socket, head, () => {
      socketConnections++;
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    async bodyBytes(pathname) {
      const size = sizes.get(pathname);
      if (size === undefined) throw new Error(`${pathname} is no file of the built app`);
      return size;
    },
    unrecorded,
    socketConnections: () => socketConnections,
    close: async () => {
      for (const client of sockets.clients as Set<WebSocket>) client.terminate();
      sockets.close();
      for (const socket of connections) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
