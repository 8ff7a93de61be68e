import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { localKeysPort } from '../adapters/local-keys';
import { kmsClient } from '../clients/kms';
import { env } from '../env';
import { decodeEnvelope, type EncryptionContext, encodeEnvelope, open, seal } from '../envelope';
import { perFunction } from '../local-runtime';

/** Key management port: envelope encryption of secrets at rest (platform cookies). */
export interface KeysPort {
  encrypt(plaintext: string, context: EncryptionContext): Promise<string>;
  decrypt(ciphertext: string, context: EncryptionContext): Promise<string>;
}

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

/**
 * The key port to build services with: the adapter is chosen on first use, as before, so a wiring
 * built at cold start reads no key setting until a secret is sealed or opened (a missing KMS_KEY_ID
 * fails that request, not the function's start). Both runtimes need the key the stacks give ('keys').
 */
export function keysPort(): KeysPort {
  return {
    encrypt: (plaintext, context) => chosen.get().encrypt(plaintext, context),
    decrypt: (ciphertext, context) => chosen.get().decrypt(ciphertext, context),
  };
}

const chosen = perFunction((): KeysPort => {
  const e = env();
  if (!e.KMS_KEY_ID) throw new Error('Invalid environment: KMS_KEY_ID is not set');
  // Written out, not e.APP_RUNTIME: deployed bundles drop the local adapter (see env.ts).
  if (process.env.APP_RUNTIME === 'local') return localKeysPort(e.KMS_KEY_ID, e.LOCAL_STATE_DIR);
  return kmsKeys(e.KMS_KEY_ID);
});
