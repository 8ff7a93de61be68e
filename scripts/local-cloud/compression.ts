import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * What CloudFront's automatic compression does for the web app's files and the API's JSON answers
 * (lib/web-stack.ts), so local loads measure what AWS serves: text types between 1,000 bytes and 10 MB are sent as Brotli when the browser accepts it,
 * else gzip, with `Vary: Accept-Encoding`; images, fonts and zips go as they are.
 * Compressed copies are kept per file and modification time, so each is compressed once.
 */
export type ContentEncoding = 'br' | 'gzip';

const MIN_BYTES = 1000;
const MAX_BYTES = 10_000_000;
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function isCompressible(contentType: string, size: number): boolean {
  return COMPRESSIBLE.test(contentType) && size >= MIN_BYTES && size <= MAX_BYTES;
}

/** The encoding to answer with: Brotli, then gzip, as the Accept-Encoding header allows (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: string) => {
    const q = accepted.get(name) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/** `raw` in `encoding`, at the quality CloudFront uses about as well. */
export function compressBytes(raw: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      })
    : gzipped(raw, { level: 9 });
}

const cache = new Map<string, { mtimeMs: number; encoded: Map<ContentEncoding, Promise<Buffer>> }>();

/** The file's bytes in `encoding`, compressed once per version of the file. */
export function compressedFile(file: string, mtimeMs: number, encoding: ContentEncoding): Promise<Buffer> {
  let entry = cache.get(file);
  if (!entry || entry.mtimeMs !== mtimeMs) {
    entry = { mtimeMs, encoded: new Map() };
    cache.set(file, entry);
  }
  let bytes = entry.encoded.get(encoding);
  if (!bytes) {
    bytes = readFile(file).then((raw) => compressBytes(raw, encoding));
    // A failed read is tried again next time rather than kept.
    bytes.catch(() => entry?.encoded.delete(encoding));
    entry.encoded.set(encoding, bytes);
  }
  return bytes;
}
