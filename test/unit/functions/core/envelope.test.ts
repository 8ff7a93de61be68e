import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateMasterKey, localKeys } from '../../../../functions/core/adapters/local-keys';
import {
  contextBytes,
  decodeEnvelope,
  encodeEnvelope,
  open,
  seal,
} from '../../../../functions/core/envelope';

const context = { userId: 'user-1', accountId: 'acct-1' };

describe('envelope seal/open', () => {
  it('opens what it sealed with the same key and context', () => {
    const key = randomBytes(32);
    const sealed = seal(Buffer.from('li_at=secret-cookie'), key, context);
    expect(open(sealed, key, context).toString('utf8')).toBe('li_at=secret-cookie');
  });

  it('does not carry the plaintext in the sealed data', () => {
    const sealed = seal(Buffer.from('li_at=secret-cookie'), randomBytes(32), context);
    expect(JSON.stringify(sealed)).not.toContain('secret-cookie');
    expect(Buffer.from(sealed.data, 'base64').toString('utf8')).not.toContain('secret-cookie');
  });

  it('refuses to open with another user id in the context', () => {
    const key = randomBytes(32);
    const sealed = seal(Buffer.from('secret'), key, context);
    expect(() => open(sealed, key, { ...context, userId: 'user-2' })).toThrow();
  });

  it('opens whatever order the context keys come in', () => {
    const key = randomBytes(32);
    const sealed = seal(Buffer.from('secret'), key, { userId: 'u', accountId: 'a' });
    expect(open(sealed, key, { accountId: 'a', userId: 'u' }).toString('utf8')).toBe('secret');
    expect(contextBytes({ b: '2', a: '1' }).equals(contextBytes({ a: '1', b: '2' }))).toBe(true);
  });

  it('refuses to open tampered data', () => {
    const key = randomBytes(32);
    const sealed = seal(Buffer.from('secret payload'), key, context);
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = data[0]! ^ 0xff;
    expect(() => open({ ...sealed, data: data.toString('base64') }, key, context)).toThrow();
  });

  it('round-trips an envelope through its text encoding', () => {
    const envelope = { v: 1 as const, key: 'a2V5', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
    const text = encodeEnvelope(envelope);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeEnvelope(text)).toEqual(envelope);
  });

  it('refuses text that is not an envelope', () => {
    const notEnvelope = Buffer.from(
      JSON.stringify({ v: 2, key: 'k', iv: 'i', tag: 't', data: 'd' }),
    ).toString('base64url');
    expect(() => decodeEnvelope(notEnvelope)).toThrow('Not an envelope');
  });
});

describe('localKeys', () => {
  let stateDir: string;
  beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), 'trobly-keys-'));
  });
  afterEach(() => {
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('decrypts what it encrypted with the same context', async () => {
    const keys = localKeys(stateDir);
    const ciphertext = await keys.encrypt('JSESSIONID=abc; li_at=xyz', context);
    expect(ciphertext).not.toContain('li_at');
    await expect(keys.decrypt(ciphertext, context)).resolves.toBe('JSESSIONID=abc; li_at=xyz');
  });

  it('gives a different ciphertext each time for the same plaintext', async () => {
    const keys = localKeys(stateDir);
    const a = await keys.encrypt('same', context);
    const b = await keys.encrypt('same', context);
    expect(a).not.toBe(b);
  });

  it('fails to decrypt with another user id in the context', async () => {
    const keys = localKeys(stateDir);
    const ciphertext = await keys.encrypt('cookie', context);
    await expect(keys.decrypt(ciphertext, { ...context, userId: 'someone-else' })).rejects.toThrow();
  });

  it('decrypts with the context keys in another order', async () => {
    const keys = localKeys(stateDir);
    const ciphertext = await keys.encrypt('cookie', { userId: 'u', accountId: 'a' });
    await expect(keys.decrypt(ciphertext, { accountId: 'a', userId: 'u' })).resolves.toBe('cookie');
  });

  it('fails to decrypt a tampered ciphertext', async () => {
    const keys = localKeys(stateDir);
    const envelope = decodeEnvelope(await keys.encrypt('cookie', context));
    const data = Buffer.from(envelope.data, 'base64');
    data[data.length - 1] = data[data.length - 1]! ^ 0x01;
    const tampered = encodeEnvelope({ ...envelope, data: data.toString('base64') });
    await expect(keys.decrypt(tampered, context)).rejects.toThrow();
  });

  it('creates the master key file with mode 0600', () => {
    localKeys(stateDir);
    const file = join(stateDir, 'keys', 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toHaveLength(32);
  });

  it('reuses the master key: a second instance on the same folder decrypts the first one’s output', async () => {
    const ciphertext = await localKeys(stateDir).encrypt('cookie', context);
    const keyBefore = readFileSync(join(stateDir, 'keys', 'master.key'), 'utf8');
    await expect(localKeys(stateDir).decrypt(ciphertext, context)).resolves.toBe('cookie');
    expect(readFileSync(join(stateDir, 'keys', 'master.key'), 'utf8')).toBe(keyBefore);
  });

  it('cannot decrypt with another folder’s master key', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'trobly-keys-'));
    try {
      const ciphertext = await localKeys(stateDir).encrypt('cookie', context);
      await expect(localKeys(otherDir).decrypt(ciphertext, context)).rejects.toThrow();
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('gives a clear error naming the file when the master key file is corrupt', () => {
    const file = join(stateDir, 'keys', 'master.key');
    mkdirSync(join(stateDir, 'keys'));
    writeFileSync(file, 'not a key');
    expect(() => localKeys(stateDir)).toThrow(`The local master key at ${file} is not 32 bytes`);
    expect(() => loadOrCreateMasterKey(file)).toThrow(/npm run reset/);
  });
});
