import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { kmsClient } from '../clients/kms';
import { decodeEnvelope, encodeEnvelope, open, seal } from '../envelope';
import type { KeysPort } from '../ports/keys';

/** The key port on KMS: a data key per secret, wrapped by the stage's key, bound to the context. */
export function kmsKeys(keyId: string, client: KMSClient = kmsClient()): KeysPort {
  return {
    async encrypt(plaintext, context) {
      const out = await client.send(
        new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }),
      );
      if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
      const dataKey = Buffer.from(out.Plaintext);
      try {
        const sealed = seal(Buffer.from(plaintext, 'utf8'), dataKey, context);
        return encodeEnvelope({ ...sealed, key: Buffer.from(out.CiphertextBlob).toString('base64') });
      } finally {
        dataKey.fill(0);
      }
    },
    async decrypt(ciphertext, context) {
      const envelope = decodeEnvelope(ciphertext);
      const out = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: Buffer.from(envelope.key, 'base64'),
          EncryptionContext: context,
        }),
      );
      if (!out.Plaintext) throw new Error('KMS returned no plaintext key');
      const dataKey = Buffer.from(out.Plaintext);
      try {
        return open(envelope, dataKey, context).toString('utf8');
      } finally {
        dataKey.fill(0);
      }
    },
  };
}
