import { describe, expect, it } from 'vitest';
import { chooseEncoding, isCompressible } from '../../../../scripts/local-cloud/compression';

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, as the browser accepts them', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
  });

  it('sends the file as it is when nothing it can make is accepted', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('identity, deflate')).toBeUndefined();
  });

  it('takes q=0 as a refusal', () => {
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*;q=0')).toBeUndefined();
  });
});

describe('isCompressible', () => {
  it('compresses text types from 1,000 bytes to 10 MB, as CloudFront does', () => {
    expect(isCompressible('text/javascript; charset=utf-8', 1000)).toBe(true);
    expect(isCompressible('text/css; charset=utf-8', 10_000_000)).toBe(true);
    expect(isCompressible('image/svg+xml', 5000)).toBe(true);
    expect(isCompressible('application/json; charset=utf-8', 5000)).toBe(true);
  });

  it('leaves files under 1,000 bytes or over 10 MB, and images, fonts and zips, as they are', () => {
    expect(isCompressible('text/javascript; charset=utf-8', 999)).toBe(false);
    expect(isCompressible('text/css; charset=utf-8', 10_000_001)).toBe(false);
    expect(isCompressible('image/png', 50_000)).toBe(false);
    expect(isCompressible('font/woff2', 50_000)).toBe(false);
    expect(isCompressible('application/zip', 50_000)).toBe(false);
  });
});
