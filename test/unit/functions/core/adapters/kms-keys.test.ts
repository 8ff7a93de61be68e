import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { describe, expect, it } from 'vitest';
import { kmsKeys } from '../../../../../functions/core/adapters/kms-keys';
import { decodeEnvelope } from '../../../../../functions/core/envelope';
import { recordingClient, type SentCommand } from '../../../support/recording-client';

const KEY_ID = 'arn:aws:kms:us-east-1:111122223333:key/test-key';
const context = { userId: 'user-1', accountId: 'acct-1' };

const sameContext = (a: Record<string, string> = {}, b: Record<string, string> = {}) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * A stand-in for KMS: GenerateDataKey hands out a random key and a "wrapped" blob that records the
 * key and its context; Decrypt gives the key back only for the same context, as KMS does.
 */
function fakeKms() {
  return recordingClient<KMSClient>((command: SentCommand) => {
    if (command instanceof GenerateDataKeyCommand) {
      const key = randomBytes(32);
      const blob = { key: key.toString('base64'), context: command.input.EncryptionContext };
      return { Plaintext: new Uint8Array(key), CiphertextBlob: Buffer.from(JSON.stringify(blob)) };
    }
    if (command instanceof DecryptCommand) {
      const blob = JSON.parse(Buffer.from(command.input.CiphertextBlob!).toString('utf8'));
      if (!sameContext(blob.context, command.input.EncryptionContext)) {
        throw Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' });
      }
      return { Plaintext: new Uint8Array(Buffer.from(blob.key, 'base64')) };
    }
    throw new Error('unexpected command');
  });
}

describe('kmsKeys', () => {
  it('asks KMS for an AES-256 data key under its key id with the encryption context', async () => {
    const kms = fakeKms();
    await kmsKeys(KEY_ID, kms.client).encrypt('cookie', context);
    expect(kms.sent).toHaveLength(1);
    expect(kms.sent[0]).toBeInstanceOf(GenerateDataKeyCommand);
    expect(kms.sent[0]!.input).toEqual({ KeyId: KEY_ID, KeySpec: 'AES_256', EncryptionContext: context });
  });

  it('stores the wrapped data key in the envelope, not the plaintext key or the secret', async () => {
    const kms = fakeKms();
    const ciphertext = await kmsKeys(KEY_ID, kms.client).encrypt('li_at=very-secret', context);
    const envelope = decodeEnvelope(ciphertext);
    expect(JSON.parse(Buffer.from(envelope.key, 'base64').toString('utf8'))).toMatchObject({ context });
    expect(Buffer.from(ciphertext, 'base64url').toString('utf8')).not.toContain('very-secret');
  });

  it('decrypts what it encrypted, sending the wrapped key, key id and context to Decrypt', async () => {
    const kms = fakeKms();
    const keys = kmsKeys(KEY_ID, kms.client);
    const ciphertext = await keys.encrypt('li_at=very-secret', context);
    await expect(keys.decrypt(ciphertext, context)).resolves.toBe('li_at=very-secret');

    const decrypt = kms.sent[1]!;
    expect(decrypt).toBeInstanceOf(DecryptCommand);
    const input = (decrypt as DecryptCommand).input;
    expect(input.KeyId).toBe(KEY_ID);
    expect(input.EncryptionContext).toEqual(context);
    expect(Buffer.from(input.CiphertextBlob!).toString('base64')).toBe(decodeEnvelope(ciphertext).key);
  });

  it('fails to decrypt with another user id in the context', async () => {
    const kms = fakeKms();
    const keys = kmsKeys(KEY_ID, kms.client);
    const ciphertext = await keys.encrypt('cookie', context);
    await expect(keys.decrypt(ciphertext, { ...context, userId: 'user-2' })).rejects.toThrow(
      'InvalidCiphertextException',
    );
  });

  it('refuses a KMS answer without a data key', async () => {
    const kms = recordingClient<KMSClient>(() => ({}));
    await expect(kmsKeys(KEY_ID, kms.client).encrypt('cookie', context)).rejects.toThrow(
      'KMS returned no data key',
    );
  });
});
