import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What CloudFront is to the app in AWS, for the web bench: HTTPS with HTTP/2 in front of the local
 * cloud (which speaks HTTP/1.1 only). Over HTTP/1.1 a browser opens at most six connections to a host,
 * so a page of forty small files waits in line for them; over HTTP/2 they share one connection, as
 * every visitor of the deployed app gets. The certificate is self-signed (openssl) for 127.0.0.1: the
 * bench's browser is told to accept it.
 */
export interface Http2Front {
  url: string;
  close(): Promise<void>;
}

// Connection-specific headers may not cross from HTTP/1.1 to HTTP/2 (RFC 9113 section 8.2.2).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** A key and certificate for 127.0.0.1 (also the web bench's quiet server's, quiet-server.ts). */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'trobly-bench-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

export async function startHttp2Front(origin: string): Promise<Http2Front> {
  const target = new URL(origin);
  const server = createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (req: Http2ServerRequest, res: Http2ServerResponse) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue;
        headers[name] = value;
      }
      headers.host = target.host;
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    },
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
