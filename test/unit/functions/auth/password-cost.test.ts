import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT, verifyPassword } from '../../../../functions/auth/password';
import { parseEnv } from '../../../../functions/core/env';
import { BUNDLE_DEFINE } from '../../../../lib/constructs/app-function';

const saved = { APP_RUNTIME: process.env.APP_RUNTIME, SCRYPT_TEST_LOG_N: process.env.SCRYPT_TEST_LOG_N };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const costOf = (hash: string) => Number(hash.split('$')[1]);

// Each test hashes at the production cost (about half a second of one core a hash): beside the other
// CPU-bound test files of a run on two cores, three of them can outlast the default 5 s.
describe('password hashing cost', { timeout: 30_000 }, () => {
  it('hashes at the production cost, N=2^17 r=8 p=1, and verifies the right password only', async () => {
    delete process.env.SCRYPT_TEST_LOG_N;
    const hash = await hashPassword('correct horse battery staple');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '17', '8', '1']);
    expect(SCRYPT.logN).toBe(17);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('takes the test cost on the local cloud, and its hashes verify by the cost they carry', async () => {
    process.env.APP_RUNTIME = 'local';
    process.env.SCRYPT_TEST_LOG_N = '10';
    const hash = await hashPassword('pw-test-cost');
    expect(costOf(hash)).toBe(10);
    delete process.env.SCRYPT_TEST_LOG_N;
    expect(await verifyPassword('pw-test-cost', hash)).toBe(true);
  });

  it('ignores a test cost outside 10..17 and hashes at the production cost', async () => {
    process.env.APP_RUNTIME = 'local';
    process.env.SCRYPT_TEST_LOG_N = '9';
    expect(costOf(await hashPassword('pw'))).toBe(17);
    process.env.SCRYPT_TEST_LOG_N = 'ten';
    expect(costOf(await hashPassword('pw'))).toBe(17);
  });

  it('gives AWS the production cost even when the test variable is set', async () => {
    process.env.APP_RUNTIME = 'aws';
    process.env.SCRYPT_TEST_LOG_N = '10';
    expect(costOf(await hashPassword('pw'))).toBe(17);
  });

  it('refuses to start a deployed function that has the test cost set, and accepts it locally', () => {
    expect(() => parseEnv({ TABLE_NAME: 't', APP_RUNTIME: 'aws', SCRYPT_TEST_LOG_N: '10' })).toThrow(
      'Invalid environment: SCRYPT_TEST_LOG_N lowers the password hashing cost for tests and is refused in a deployed stage',
    );
    expect(() => parseEnv({ TABLE_NAME: 't', SCRYPT_TEST_LOG_N: '10' })).toThrow(
      /refused in a deployed stage/,
    );
    expect(
      parseEnv({ TABLE_NAME: 't', APP_RUNTIME: 'local', SCRYPT_TEST_LOG_N: '10' }).SCRYPT_TEST_LOG_N,
    ).toBe(10);
    expect(parseEnv({ TABLE_NAME: 't', APP_RUNTIME: 'aws' }).SCRYPT_TEST_LOG_N).toBeUndefined();
  });

  it('refuses a local test cost outside 10..17, naming the variable', () => {
    for (const value of ['9', '18', '12.5'])
      expect(() => parseEnv({ TABLE_NAME: 't', APP_RUNTIME: 'local', SCRYPT_TEST_LOG_N: value })).toThrow(
        /SCRYPT_TEST_LOG_N/,
      );
    for (const value of ['10', '17'])
      expect(
        parseEnv({ TABLE_NAME: 't', APP_RUNTIME: 'local', SCRYPT_TEST_LOG_N: value }).SCRYPT_TEST_LOG_N,
      ).toBe(Number(value));
  });

  it('leaves the test cost out of the deployed bundle: the code that reads it is not there', async () => {
    const bundle = async (define: Record<string, string>) => {
      const out = await build({
        entryPoints: ['functions/auth/password.ts'],
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        minify: true,
        define,
      });
      return out.outputFiles[0]!.text;
    };
    expect(await bundle(BUNDLE_DEFINE)).not.toContain('process.env.SCRYPT_TEST_LOG_N');
    // The same build without the deployed define keeps it: the check above can fail.
    expect(await bundle({})).toContain('process.env.SCRYPT_TEST_LOG_N');
  });
});
