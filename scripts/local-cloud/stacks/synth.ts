import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { fromRoot, repoRoot } from '../../../lib/paths';

/**
 * The synthesized stacks the local cloud runs, made once and kept by a hash of what synthesis reads: the
 * files `bin/app.ts` imports (lib/, functions/routes.ts, the queue and task tables, ...; found by esbuild's
 * import graph, so a new import is followed), cdk.json, the lock file (the CDK version) and this folder.
 * A cache hit costs the hash (about 0.2 s); a miss one `cdk synth` without bundling (about 15 s). The cache
 * lives in node_modules/.cache, shared by `npm start` and every test run, and left by `npm run reset`.
 */
export const SYNTH_CACHE_DIR = fromRoot('node_modules', '.cache', 'trobly-stacks');

const run = promisify(execFile);

/** Files synthesis reads: every source file in bin/app.ts's import graph, plus the settings beside it. */
export async function synthInputs(): Promise<string[]> {
  const result = await build({
    entryPoints: [fromRoot('bin', 'app.ts')],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const sources = Object.keys(result.metafile.inputs).map((input) => join(repoRoot, input));
  const here = ['synth-app.ts', 'synth-context.ts'].map((f) => join(import.meta.dirname, f));
  return [...new Set([...sources, ...here, fromRoot('cdk.json'), fromRoot('package-lock.json')])].sort();
}

export async function synthHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await synthInputs()) {
    hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The synthesis child's environment, without what the CDK CLI would pass an app (context JSON, its overflow
 * file): those would change the templates behind the hash's back. The region is fixed by synth-context.ts.
 */
function synthEnv(): NodeJS.ProcessEnv {
  const { CDK_CONTEXT_JSON: _json, CDK_CONTEXT_OVERFLOW_LOCATION_ENV: _overflow, ...rest } = process.env;
  return rest;
}

/** How long a synthesis by another process may hold the lock before it is taken as abandoned. */
const LOCK_STALE_MS = 5 * 60_000;

/**
 * The folder of the cloud assembly (manifest.json, one `<stack>.template.json` per stack) for the current
 * sources, synthesized if the cache has none. Several processes may ask at once (test files, `npm start`):
 * one synthesizes under a lock, the others wait for its folder.
 */
export async function synthesizedAssembly(
  options: { log?: (line: string) => void } = {},
): Promise<{ dir: string; hash: string; synthesized: boolean; ms: number }> {
  const started = performance.now();
  const hash = await synthHash();
  const dir = join(SYNTH_CACHE_DIR, hash);
  const done = (synthesized: boolean) => ({ dir, hash, synthesized, ms: performance.now() - started });
  if (existsSync(join(dir, 'manifest.json'))) return done(false);
  mkdirSync(SYNTH_CACHE_DIR, { recursive: true });
  const lock = `${dir}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (existsSync(join(dir, 'manifest.json'))) return done(false);
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (existsSync(join(dir, 'manifest.json'))) return done(false);
    options.log?.('Synthesizing the stacks (sources changed since the last start)...');
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    try {
      await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'synth-app.ts'), tmp], {
        cwd: repoRoot,
        maxBuffer: 64 * 1024 * 1024,
        env: synthEnv(),
      });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`cdk synth failed:\n${stderr || stdout || (error as Error).message}`);
    }
    renameSync(tmp, dir);
    return done(true);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
