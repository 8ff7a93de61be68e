import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Envelope encryption format shared by both key adapters: the payload is sealed with a fresh
 * 256-bit data key (AES-256-GCM); the data key travels wrapped by the master key (KMS in AWS, a local
 * key on the local cloud). The encryption context (user and account ids) is bound as additional
 * authenticated data, so a ciphertext copied to another user's record does not decrypt.
 */
export type EncryptionContext = Record<string, string>;

export interface Envelope {
  v: 1;
  /** The wrapped data key, base64. */
  key: string;
  iv: string;
  tag: string;
  data: string;
}

/** Stable bytes of a context, whatever order its keys came in. */
export function contextBytes(context: EncryptionContext): Buffer {
  const sorted = Object.keys(context)
    .sort()
    .map((k) => [k, context[k]]);
  return Buffer.from(JSON.stringify(sorted));
}

export function seal(plaintext: Buffer, dataKey: Buffer, context: EncryptionContext): Omit<Envelope, 'key'> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(contextBytes(context));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export function open(envelope: Omit<Envelope, 'key'>, dataKey: Buffer, context: EncryptionContext): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(envelope.iv, 'base64'));
  decipher.setAAD(contextBytes(context));
  decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(envelope.data, 'base64')), decipher.final()]);
}

export function encodeEnvelope(envelope: Envelope): string {
  return Buffer.from(JSON.stringify(envelope)).toString('base64url');
}

export function decodeEnvelope(text: string): Envelope {
  const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Envelope;
  if (parsed.v !== 1 || !parsed.key || !parsed.iv || !parsed.tag || parsed.data === undefined) {
    throw new Error('Not an envelope');
  }
  return parsed;
}
