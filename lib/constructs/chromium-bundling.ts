import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { Size } from 'aws-cdk-lib';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { repoRoot } from '../paths';

/**
 * @sparticuz/chromium cannot go through esbuild: it ships the brotli'd Chromium under its own `bin/` and finds
 * it relative to its module file. So it stays external and is copied, with its run-time dependency closure
 * (follow-redirects, tar-fs, ...), into the bundle's node_modules, keeping the repo's layout.
 *
 * This replaces `bundling.nodeModules`, which runs `npm install` in the bundle directory at synth time and
 * so needs the registry: copying from the repo's node_modules works offline, ships exactly the versions of
 * package-lock.json, and is what `npm ci` already put on disk. The npm package's binary is x86_64 only
 * (the arm64 build is a separate pack download), which is why the Chromium worker runs on x86_64.
 */
export const CHROMIUM_PACKAGE = '@sparticuz/chromium';

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Node's lookup: `<dir>/node_modules/<name>`, walking up from the requiring package. */
function findPackageDir(name: string, fromDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir || !parent.startsWith(repoRoot)) return undefined;
    dir = parent;
  }
}

/** The installed directories (relative to the repo root) a package needs at run time, itself first. */
export function runtimePackageDirs(name: string, root = repoRoot): string[] {
  const found = new Set<string>();
  const visit = (pkg: string, from: string, optional: boolean) => {
    const dir = findPackageDir(pkg, from);
    if (!dir) {
      if (optional) return;
      throw new Error(`${pkg} is not installed (needed by the Chromium worker bundle); run npm ci`);
    }
    if (found.has(dir)) return;
    found.add(dir);
    const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
    for (const dep of Object.keys(json.dependencies ?? {})) visit(dep, dir, false);
    for (const dep of Object.keys(json.optionalDependencies ?? {})) visit(dep, dir, true);
  };
  visit(name, root, false);
  const dirs = [...found].map((d) => relative(root, d)).sort();
  // A nested package is copied along with its parent's directory; copying it again would nest it twice.
  return dirs.filter((d) => !dirs.some((other) => other !== d && d.startsWith(other + sep)));
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** Bundling overrides of the Chromium worker: chromium external, its package closure copied after esbuild. */
export function chromiumBundling(): Partial<BundlingOptions> {
  const dirs = runtimePackageDirs(CHROMIUM_PACKAGE);
  return {
    externalModules: [CHROMIUM_PACKAGE],
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      // inputDir is the project root (a mount point under Docker), so the same commands work in both modes.
      afterBundling: (inputDir: string, outputDir: string) =>
        dirs.map((dir) => {
          const target = `${outputDir}/${dir.split(sep).join('/')}`;
          const source = `${inputDir}/${dir.split(sep).join('/')}`;
          return `mkdir -p ${shellQuote(target.slice(0, target.lastIndexOf('/')))} && cp -R ${shellQuote(source)} ${shellQuote(target)}`;
        }),
    },
  };
}

/**
 * What every function that runs Chromium is built with (the Chromium workers, and a route row marked
 * `chromium`): the memory Chromium needs, room in /tmp where it unpacks itself (about 300 MB with its
 * libraries and fonts), the architecture of the package's binary and its bundling.
 */
export function chromiumFunctionProps() {
  return {
    memorySize: 2048,
    ephemeralStorageSize: Size.gibibytes(1),
    architecture: Architecture.X86_64,
    bundling: chromiumBundling(),
  };
}
