import type { EncryptionContext } from '../envelope';

/**
 * Key management port: envelope encryption of secrets at rest (platform cookies). KMS in AWS
 * (adapters/kms-keys.ts), a local master key on the local cloud (adapters/local-keys.ts), chosen where a
 * function is wired (adapters/keys-adapter.ts).
 */
export interface KeysPort {
  encrypt(plaintext: string, context: EncryptionContext): Promise<string>;
  decrypt(ciphertext: string, context: EncryptionContext): Promise<string>;
}
