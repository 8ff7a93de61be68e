import { brotliDecompressSync } from 'node:zlib';
import { MESSAGES } from '../../shared/auth';
import { ValidationError } from '../core/errors';
import { COMMON_PASSWORDS_BROTLI } from './common-passwords';

/**
 * DECISIONS 6: besides the spec's rules, the server refuses very common passwords. Kept apart from
 * password hashing so only the routes that set a password carry the list.
 */
// Built on first use (unpacking takes about 0.1 ms), with no module-level side effect, so a bundle that
// never checks drops the list.
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    brotliDecompressSync(Buffer.from(COMMON_PASSWORDS_BROTLI, 'base64')).toString('utf8').split('\n'),
  );
  return common.has(password.toLowerCase());
}

export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new ValidationError(MESSAGES.passwordCommon, [{ path: field, message: MESSAGES.passwordCommon }]);
  }
}
