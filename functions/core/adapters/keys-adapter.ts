import { env } from '../env';
import { perFunction } from '../local-runtime';
import type { KeysPort } from '../ports/keys';
import { kmsKeys } from './kms-keys';
import { localKeysPort } from './local-keys';

/**
 * The key port to build services with (the wiring files import it, never the port): the adapter is
 * chosen on first use, as before, so a wiring built at cold start reads no key setting until a secret is
 * sealed or opened (a missing KMS_KEY_ID fails that request, not the function's start). Both runtimes
 * need the key the stacks give ('keys').
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
