import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

/**
 * Takes the place of @smithy/core/checksum in Lambda bundles (an esbuild alias in
 * lib/constructs/app-function.ts). The SDK clients take their SHA-256 (request signing) and MD5 (SQS
 * message checks) from it, and its classes fall back on pure-JavaScript hashes when node:crypto lacks
 * the algorithm, which it never does in Lambda; the fallbacks were about 3-5 KB of every function. These
 * are the SDK's node:crypto classes without the fallbacks. A client that needs anything else from that
 * module (S3's stream hashers, CRC32) fails the bundle build, as this one does not export it.
 */
type SourceData = string | ArrayBuffer | ArrayBufferView;

const toBuffer = (data: SourceData): string | Buffer => {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
};

const toBytes = (digest: Buffer) => new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);

export class Sha256 {
  readonly digestLength = 32;
  private readonly isHmac: boolean;
  private hash: Hash | Hmac;
  private finished = false;

  constructor(private readonly secret?: SourceData) {
    this.isHmac = !!secret;
    this.hash = this.createHash();
  }

  update(data: SourceData): void {
    if (this.finished) throw new Error('Attempted to update an already finished hash.');
    this.hash.update(toBuffer(data));
  }

  async digest(): Promise<Uint8Array> {
    if (this.isHmac) {
      this.finished = true;
      return toBytes(this.hash.digest());
    }
    return toBytes((this.hash as Hash).copy().digest());
  }

  reset(): void {
    this.hash = this.createHash();
    this.finished = false;
  }

  private createHash(): Hash | Hmac {
    return this.secret ? createHmac('sha256', toBuffer(this.secret)) : createHash('sha256');
  }
}

export class Md5 {
  readonly digestLength = 16;
  private hash = createHash('md5');

  update(data: SourceData): void {
    this.hash.update(typeof data === 'string' ? Buffer.from(data, 'utf8') : toBuffer(data));
  }

  async digest(): Promise<Uint8Array> {
    return toBytes(this.hash.copy().digest());
  }

  reset(): void {
    this.hash = createHash('md5');
  }
}
