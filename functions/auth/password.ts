import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt at N=2^17, r=8, p=1 (DESIGN.md section 6). That costs 128 MiB of memory
 * per hash, above Node's 32 MiB default, hence maxmem. The stored form carries its parameters, so they can
 * be raised later and old hashes still verify.
 */
export const SCRYPT = { logN: 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
const MAXMEM = 256 * 1024 * 1024;

/**
 * The test suite hashes hundreds of passwords; at the production cost (0.7 s each on 2 cores) that is
 * minutes of CPU. SCRYPT_TEST_LOG_N lowers the cost on the local cloud only: the deployed bundles define
 * process.env.APP_RUNTIME as "aws", so esbuild drops this branch and the variable is never read in AWS,
 * and env() refuses to start a deployed function that has it set (functions/core/env.ts).
 */
const SCRYPT_TEST_LOG_N = { min: 10, max: SCRYPT.logN } as const;

function hashLogN(): number {
  if (process.env.APP_RUNTIME === 'local') {
    const asked = Number(process.env.SCRYPT_TEST_LOG_N);
    if (Number.isInteger(asked) && asked >= SCRYPT_TEST_LOG_N.min && asked <= SCRYPT_TEST_LOG_N.max)
      return asked;
  }
  return SCRYPT.logN;
}

function derive(
  password: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
  keyLength: number,
): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: MAXMEM };
  return new Promise((done, fail) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? fail(error) : done(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const logN = hashLogN();
  const key = await derive(password, salt, logN, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', logN, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const want = Buffer.from(expected, 'base64url');
  const got = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(logN),
    Number(r),
    Number(p),
    want.length,
  );
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * A hash of a random password, made once per process: verifying against it when an e-mail is unknown
 * takes as long as a real check, so response time does not tell whether an account exists.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
