import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildExtension, extensionZipPath } from './build-extension';
import { repoRoot } from './local-cloud/lambda-runtime';

/**
 * Whether web/dist is missing or older than any source it is built from, so `npm start` builds the
 * web app on a clean clone and rebuilds it after a pull, but does not spend the time otherwise. The
 * browser extension (web/dist/extension/) is part of the build.
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
  'shared',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsStale(): boolean {
  const index = join(webDist, 'index.html');
  if (!existsSync(index) || !existsSync(extensionZipPath)) return true;
  const built = statSync(index).mtimeMs;
  return sources.some((s) => newestMtime(join(repoRoot, s)) > built);
}

/** The web app, then the local build of the extension into it (Vite empties web/dist first). */
export async function buildWeb(): Promise<void> {
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
  await buildExtension({
    target: 'local',
    ...(process.env.PORT ? { localPort: Number(process.env.PORT) } : {}),
  });
}
