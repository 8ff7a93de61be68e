import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpGateway } from '../../scripts/local-cloud/http-gateway';

/**
 * Issue 10 point 7: the local gateway compresses the web app's text files as CloudFront does in AWS, so
 * a page load measured locally (Lighthouse, the bench) transfers what it would in AWS.
 */
let server: Server;
let port: number;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 40}`))};\n`;
const png = Buffer.alloc(4000, 7);

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'trobly-web-'));
  writeFileSync(
    join(webRoot, 'index.html'),
    `<!doctype html><title>app</title>${'<p>shell</p>'.repeat(200)}`,
  );
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app-123.js'), script);
  writeFileSync(join(webRoot, 'assets', 'tiny-1.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'assets', 'logo-1.png'), png);
  const gateway = createHttpGateway({ routes: [], webRoot });
  server = createServer((req, res) => void gateway(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
});

/** A raw GET (fetch would decode the body and hide the encoding). */
function get(path: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe('local gateway compression', () => {
  it('sends a script as Brotli to a browser that accepts it, smaller and decoding to the file', async () => {
    const res = await get('/assets/app-123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip to a browser without Brotli, and the page itself compressed too', async () => {
    const res = await get('/assets/app-123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(script);
    const page = await get('/trobs', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>app</title>');
  });

  it('sends the file as it is without Accept-Encoding, under 1,000 bytes, and for images', async () => {
    const plain = await get('/assets/app-123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const tiny = await get('/assets/tiny-1.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    const image = await get('/assets/logo-1.png', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.equals(png)).toBe(true);
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const full = await get('/assets/app-123.js', 'br');
    const head = await get('/assets/app-123.js', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(full.body.length);
    expect(head.body.length).toBe(0);
  });
});
