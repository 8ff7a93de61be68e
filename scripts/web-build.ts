import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { buildExtension, extensionZipPath } from './build-extension';
import { repoRoot } from './local-cloud/lambda-runtime';

/**
 * The built web app (web/dist, the local build of the browser extension included), made again only when
 * what it is built from changed: `npm start` builds it on a clean clone and after a pull, browser tests
 * build it once. "Changed" is by content, not by file times, so a fresh clone of sources that were built
 * before (the same commit, or one that changed no web source) reuses that build: each build is kept in a
 * cache outside the clone, by the hash of its sources, as npm keeps packages.
 */
export const webDist = join(repoRoot, 'web', 'dist');
const sources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/extension',
  'scripts/build-extension.ts',
  'scripts/extension',
  'scripts/web-build.ts',
  'shared',
  'package-lock.json',
];
/** The hash of the sources web/dist was made from (outside web/dist, which is served and deployed as is). */
const HASH_FILE = join(repoRoot, 'node_modules', '.cache', 'trobly-web-build', 'source-hash');
/** Builds kept in the cache (the newest, by when they were made or last reused). */
const CACHE_KEEP = 3;

/** Where builds are kept between clones: the user's cache folder (XDG_CACHE_HOME or ~/.cache). */
export function webBuildCacheDir(source: NodeJS.ProcessEnv = process.env): string {
  return join(source.XDG_CACHE_HOME || join(homedir(), '.cache'), 'trobly', 'web-build');
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => filesUnder(join(path, entry)));
}

/**
 * The hash of everything the build reads: the sources' paths and contents under `root`, and the port the
 * local extension is built for (PORT, as buildExtension reads it). File times play no part.
 */
export function webSourceHash(root = repoRoot, port = process.env.PORT): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((source) => filesUnder(join(root, source))))
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  hash.update(`PORT=${port ?? ''}`);
  return hash.digest('hex').slice(0, 20);
}

function builtHash(): string | undefined {
  if (!existsSync(join(webDist, 'index.html')) || !existsSync(extensionZipPath)) return undefined;
  try {
    return readFileSync(HASH_FILE, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** What ensureWebBuild found: web/dist already of these sources, a copy of a cached build, or a new build. */
export type WebBuildOutcome = 'current' | 'cached' | 'built';

/**
 * Makes web/dist match the sources here now, hashing them once: nothing when it does already, else a copy
 * of the cached build of the same sources when there is one, else the web app, then the local build of
 * the extension into it (Vite empties web/dist first), kept in the cache afterwards. `announce` hears
 * before a build from the sources starts (the only slow case: seconds, where a copy takes a moment).
 */
export async function ensureWebBuild(
  announce: (message: string) => void = () => {},
): Promise<WebBuildOutcome> {
  const hash = webSourceHash();
  if (builtHash() === hash) return 'current';
  const cached = join(webBuildCacheDir(), hash);
  if (existsSync(join(cached, 'dist', 'index.html'))) {
    rmSync(webDist, { recursive: true, force: true });
    cpSync(join(cached, 'dist'), webDist, { recursive: true });
    writeHash(hash);
    // The entry's folder time orders eviction (keepInCache): a reuse renews it. Rewriting a file in the
    // folder would not change the folder's own time.
    const now = new Date();
    utimesSync(cached, now, now);
    return 'cached';
  }
  announce('Building the web app (first start, or its sources changed)...');
  await viteBuild();
  await buildExtension({
    target: 'local',
    ...(process.env.PORT ? { localPort: Number(process.env.PORT) } : {}),
  });
  writeHash(hash);
  keepInCache(hash);
  return 'built';
}

async function viteBuild(): Promise<void> {
  const { build } = await import('vite');
  // Always React's production build: a NODE_ENV already set (vitest sets 'test') would otherwise make Vite
  // bundle React's development build, several times slower, and `npm start` would then serve it as is.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(repoRoot, 'web', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Copies web/dist into the cache (whole or not at all: a copy under another name, then renamed). */
function keepInCache(hash: string): void {
  const cache = webBuildCacheDir();
  const target = join(cache, hash);
  try {
    mkdirSync(cache, { recursive: true });
    const partial = `${target}.partial-${process.pid}`;
    cpSync(webDist, join(partial, 'dist'), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
    const kept = readdirSync(cache)
      .filter((name) => /^[0-9a-f]{20}$/.test(name))
      .map((name) => ({ name, at: statSync(join(cache, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of kept.slice(CACHE_KEEP)) rmSync(join(cache, old.name), { recursive: true, force: true });
  } catch (error) {
    // A cache that cannot be written only means the next clone builds again.
    console.warn(`The web build was not cached (${(error as Error).message})`);
  }
}

function writeHash(hash: string): void {
  mkdirSync(dirname(HASH_FILE), { recursive: true });
  writeFileSync(HASH_FILE, `${hash}\n`);
}
