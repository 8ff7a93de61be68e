import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXTENSION_DOWNLOAD_PATH } from '../shared/extension';
import { PRODUCT_NAME } from '../shared/product';
import { extensionManifest, ICON_SIZES } from '../web/extension/manifest';
import type { BuildConfig, BuildTarget } from '../web/extension/src/config';
import { renderIcon } from './extension/icon';
import { zipFiles } from './extension/zip';
import { repoRoot } from './local-cloud/lambda-runtime';

/**
 * `npm run build:extension`: the browser extension (web/extension/, Manifest V3) as a folder Chrome
 * loads unpacked and as the zip the Download Extension buttons serve, both under web/dist/extension/
 * (served at /extension/ by the local gateway and deployed with the web app). `npm run build:web`
 * and `npm start` build it after the web app, since Vite empties web/dist.
 *
 *   tsx scripts/build-extension.ts                        the local build (npm start's app, sandbox sites)
 *   tsx scripts/build-extension.ts --app-url https://...  the production build for that app
 *   PUBLIC_APP_URL=https://... tsx scripts/build-extension.ts   the same
 */
export const extensionSource = join(repoRoot, 'web', 'extension');
export const extensionOutDir = join(repoRoot, 'web', 'dist', 'extension');
export const EXTENSION_FOLDER = 'trobly-extension';
const zipName = EXTENSION_DOWNLOAD_PATH.split('/').pop()!;
/** The zip the default build writes: web/dist + EXTENSION_DOWNLOAD_PATH. */
export const extensionZipPath = join(extensionOutDir, zipName);

export interface ExtensionBuildOptions {
  target?: BuildTarget;
  /** The production build's app (PUBLIC_APP_URL). */
  appUrl?: string;
  /** Where the folder and zip go (web/dist/extension by default). */
  outDir?: string;
  /** The local build's default app port (for the popup's link before pairing). */
  localPort?: number;
}

export interface ExtensionBuild {
  /** The unpacked extension, for chrome://extensions "Load unpacked" or --load-extension. */
  dir: string;
  zip: string;
  config: BuildConfig;
}

function appOrigin(appUrl: string): string {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    throw new Error(`The app URL '${appUrl}' is not a URL`);
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:'))
    throw new Error(`The app URL must be https (got '${appUrl}')`);
  return url.origin;
}

export function extensionConfig(options: ExtensionBuildOptions = {}): BuildConfig {
  const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string })
    .version;
  const target = options.target ?? (options.appUrl ? 'production' : 'local');
  if (target === 'local') {
    return {
      target,
      version,
      appUrl: `http://localhost:${Number.isInteger(options.localPort) && options.localPort! > 0 ? options.localPort : 3000}`,
      appOrigins: ['http://localhost:*'],
    };
  }
  if (!options.appUrl)
    throw new Error('The production build needs the app URL (--app-url or PUBLIC_APP_URL)');
  const origin = appOrigin(options.appUrl);
  return { target, version, appUrl: origin, appOrigins: [origin] };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

export async function buildExtension(options: ExtensionBuildOptions = {}): Promise<ExtensionBuild> {
  const { build } = await import('esbuild');
  const config = extensionConfig(options);
  const outDir = options.outDir ?? extensionOutDir;
  const dir = join(outDir, EXTENSION_FOLDER);
  const zip = join(outDir, zipName);
  rmSync(dir, { recursive: true, force: true });
  rmSync(zip, { force: true });
  mkdirSync(join(dir, 'icons'), { recursive: true });

  const src = join(extensionSource, 'src');
  await build({
    entryPoints: ['background', 'content', 'popup'].map((name) => join(src, `${name}.ts`)),
    outdir: dir,
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    platform: 'browser',
    // Readable output: store reviewers and curious users can read what it does.
    minify: false,
    legalComments: 'none',
    define: { __TROBLY_BUILD__: JSON.stringify(config) },
    logLevel: 'warning',
  });
  for (const file of ['popup.html', 'popup.css'])
    writeFileSync(join(dir, file), readFileSync(join(src, file)));
  for (const size of ICON_SIZES) writeFileSync(join(dir, 'icons', `icon-${size}.png`), renderIcon(size));
  const manifest = extensionManifest({
    ...config,
    name: config.target === 'local' ? `${PRODUCT_NAME} (local sandbox)` : PRODUCT_NAME,
    description: `Syncs your LinkedIn, X and Instagram sessions to ${PRODUCT_NAME}, and again whenever they change.`,
  });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const entries = filesUnder(dir).map((path) => ({
    name: relative(dir, path).split(sep).join('/'),
    data: readFileSync(path),
  }));
  writeFileSync(zip, zipFiles(entries));
  return { dir, zip, config };
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  if (at >= 0) return process.argv[at + 1];
  return process.argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = argument('--target');
  if (target !== undefined && target !== 'local' && target !== 'production') {
    console.error(`--target is 'local' or 'production' (got '${target}')`);
    process.exit(1);
  }
  const appUrl = argument('--app-url') ?? (target === 'local' ? undefined : process.env.PUBLIC_APP_URL);
  buildExtension({
    ...(target ? { target } : {}),
    ...(appUrl ? { appUrl } : {}),
    ...(process.env.PORT ? { localPort: Number(process.env.PORT) } : {}),
  }).then(
    ({ dir, zip, config }) => {
      const to = config.target === 'local' ? 'the local cloud (localhost, sandbox sites)' : config.appUrl;
      console.log(
        `Extension ${config.version} for ${to}:\n  ${relative(repoRoot, dir)}/\n  ${relative(repoRoot, zip)}`,
      );
    },
    (error: Error) => {
      console.error(`The extension build failed: ${error.message}`);
      process.exit(1);
    },
  );
}
