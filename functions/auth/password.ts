import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt at N=2^17, r=8, p=1 (DESIGN.md section 6). That costs 128 MiB of memory
 * per hash, above Node's 32 MiB default, hence maxmem. The stored form carries its parameters, so they can
 * be raised later and old hashes still verify.
 */
export const SCRYPT = { logN: 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
const MAXMEM = 256 * 1024 * 1024;

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
  const key = await derive(password, salt, SCRYPT.logN, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return [
    'scrypt',
    SCRYPT.logN,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
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
