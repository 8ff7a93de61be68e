import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decodeEnvelope, encodeEnvelope, open, seal } from '../envelope';
import { authorizeLocal } from '../local-runtime';
import type { KeysPort } from '../ports/keys';

/**
 * The local stand-in for KMS: a 256-bit master key kept in `<state>/keys/master.key` (created on first
 * use, mode 0600) wraps each data key, with the same envelope format and context binding as KMS.
 */
export function loadOrCreateMasterKey(path: string): Buffer {
  try {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    if (key.length === 32) return key;
    throw new Error(`The local master key at ${path} is not 32 bytes; run 'npm run reset' to start over`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    const key = randomBytes(32);
    // 'wx' fails if another process created it meanwhile; then read theirs.
    try {
      writeFileSync(path, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return loadOrCreateMasterKey(path);
    }
  }
}

export function localKeys(stateDir: string): KeysPort {
  const master = loadOrCreateMasterKey(join(stateDir, 'keys', 'master.key'));
  return {
    async encrypt(plaintext, context) {
      const dataKey = randomBytes(32);
      const wrapped = seal(dataKey, master, context);
      const sealed = seal(Buffer.from(plaintext, 'utf8'), dataKey, context);
      dataKey.fill(0);
      return encodeEnvelope({ ...sealed, key: Buffer.from(JSON.stringify(wrapped)).toString('base64') });
    },
    async decrypt(ciphertext, context) {
      const envelope = decodeEnvelope(ciphertext);
      const wrapped = JSON.parse(Buffer.from(envelope.key, 'base64').toString('utf8'));
      const dataKey = open(wrapped, master, context);
      try {
        return open(envelope, dataKey, context).toString('utf8');
      } finally {
        dataKey.fill(0);
      }
    },
  };
}

/** The key port of a function on the local cloud: KMS's checks of the caller's role, then the local key. */
export function localKeysPort(keyArn: string, stateDir: string): KeysPort {
  const keys = localKeys(stateDir);
  return {
    async encrypt(plaintext, context) {
      await authorizeLocal({ action: 'kms:GenerateDataKey', resource: keyArn });
      return keys.encrypt(plaintext, context);
    },
    async decrypt(ciphertext, context) {
      await authorizeLocal({ action: 'kms:Decrypt', resource: keyArn });
      return keys.decrypt(ciphertext, context);
    },
  };
}
