import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  AppFunction,
  BUNDLE_ALIASES,
  BUNDLE_DEFINE,
  bundlingOptions,
  esbuildBuildOptions,
} from '../../lib/constructs/app-function';
import {
  CHROMIUM_PACKAGE,
  chromiumBundling,
  runtimePackageDirs,
} from '../../lib/constructs/chromium-bundling';
import { fromRoot, httpHandlerEntry } from '../../lib/paths';

describe('function bundles', () => {
  it('bundles a handler for real: one ESM file with the AWS SDK inside, loadable by Node', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'trobly-bundle-'));
    try {
      const app = new App({ outdir });
      const stack = new Stack(app, 'BundleProbe');
      new AppFunction(stack, 'Health', { stage: 'probe', entry: httpHandlerEntry('health/get-health') });
      Template.fromStack(stack);
      const manifest = JSON.parse(readFileSync(join(outdir, `${stack.artifactId}.assets.json`), 'utf8')) as {
        files: Record<string, { source: { path: string; packaging?: string } }>;
      };
      const bundles = Object.values(manifest.files).filter((f) => f.source.packaging === 'zip');
      expect(bundles).toHaveLength(1);
      const assetDir = join(outdir, bundles[0]!.source.path);
      const code = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
      expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
      // The SDK is bundled, not left to the runtime's copy: no import or require of it survives.
      const externalSdk = code.match(/(from\s*|__require\(|import\()["']@aws-sdk\/[^"']+/g) ?? [];
      expect(externalSdk).toEqual([]);
      process.env.TABLE_NAME ??= 'probe-trobly';
      const mod = (await import(join(assetDir, 'index.mjs'))) as { handler?: unknown };
      expect(typeof mod.handler).toBe('function');
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('exposes the same esbuild settings to scripts as to CDK', () => {
    const cdk = bundlingOptions();
    const esbuild = esbuildBuildOptions('functions/health/get-health.handler.ts', '/tmp/out');
    expect(cdk.format).toBe(OutputFormat.ESM);
    expect(esbuild).toMatchObject({
      format: 'esm',
      platform: 'node',
      bundle: true,
      target: cdk.target,
      minify: cdk.minify,
      sourcemap: cdk.sourceMap,
      mainFields: cdk.mainFields,
      banner: { js: cdk.banner },
      outfile: '/tmp/out/index.mjs',
    });
    expect(cdk.target).toBe('node20');
    expect(cdk.bundleAwsSDK).toBe(true);
    expect(cdk.externalModules).toEqual([]);
    // The same replacements of SDK parts in both, so the benchmark measures what CDK deploys.
    expect(esbuild.alias).toEqual(BUNDLE_ALIASES);
    expect(esbuild.define).toEqual(BUNDLE_DEFINE);
    expect(cdk.define).toEqual({ 'process.env.APP_RUNTIME': '"aws"' });
    expect(cdk.esbuildArgs).toEqual(
      Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([from, to]) => [`--alias:${from}`, to])),
    );
  });

  it('leaves out the SDK parts a function never runs (BUNDLE_ALIASES)', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'trobly-bundle-'));
    try {
      const result = await build({
        ...esbuildBuildOptions(httpHandlerEntry('health/get-health'), outdir),
        metafile: true,
        logLevel: 'silent',
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(
        inputs.filter((path) => /node_modules\/(mnemonist|@aws-sdk\/credential-provider-node)\//.test(path)),
      ).toEqual([]);
      expect(
        inputs.filter((path) => /@smithy\/core\/dist-es\/submodules\/(event-streams|checksum)\//.test(path)),
      ).toEqual([]);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('leaves the local adapters out of deployed bundles: the local scheduler, its calendar library, local keys, the mail outbox', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'trobly-bundle-'));
    try {
      /**
       * The files with code in the output. esbuild lists the ones it read and then dropped too, and keeps a
       * few bytes of a package that does not declare itself free of side effects (croner: 15).
       */
      const bundledFrom = async (options: ReturnType<typeof esbuildBuildOptions>) => {
        const result = await build({ ...options, metafile: true, logLevel: 'silent' });
        const [output] = Object.values(result.metafile.outputs).filter((o) => o.entryPoint);
        return Object.entries(output!.inputs)
          .filter(([, input]) => input.bytesInOutput > 64)
          .map(([path]) => path);
      };
      const inputsOf = (handler: string) =>
        bundledFrom(esbuildBuildOptions(httpHandlerEntry(handler), outdir));
      // pause-automation removes schedules, sync-platform seals cookies, register sends mail.
      for (const handler of ['automations/pause-automation', 'connections/sync-platform', 'auth/register']) {
        const inputs = await inputsOf(handler);
        expect(
          inputs.some((path) => /functions\/core\/(ports|adapters)\//.test(path)),
          handler,
        ).toBe(true);
        expect(
          inputs.filter((path) =>
            /node_modules\/croner\/|adapters\/(local-scheduler|local-keys|outbox-mailer)|schedule-next-run/.test(
              path,
            ),
          ),
          handler,
        ).toEqual([]);
      }
      // Built without the define, the same handler does carry them: the test can tell.
      const { define: _, ...withoutDefine } = esbuildBuildOptions(
        httpHandlerEntry('automations/pause-automation'),
        outdir,
      );
      const result = await build({ ...withoutDefine, metafile: true, logLevel: 'silent' });
      expect(Object.keys(result.metafile.inputs).some((path) => path.includes('node_modules/croner/'))).toBe(
        true,
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('fails the build of a function whose SDK client would stream events', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'trobly-bundle-'));
    try {
      // What every event-streaming client (Bedrock's, S3's) imports; the bundles' replacement lacks it.
      const entry = {
        contents: "export { resolveEventStreamSerdeConfig } from '@smithy/core/event-streams';",
        resolveDir: fromRoot(),
        loader: 'js' as const,
      };
      const { entryPoints: _, ...options } = esbuildBuildOptions('unused', outdir);
      await expect(build({ ...options, stdin: entry, logLevel: 'silent' })).rejects.toThrow(
        /resolveEventStreamSerdeConfig/,
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});

describe('the Chromium worker bundle', () => {
  it('keeps @sparticuz/chromium external and knows its run-time dependency closure', () => {
    const dirs = runtimePackageDirs(CHROMIUM_PACKAGE);
    expect(dirs).toEqual(
      expect.arrayContaining([
        join('node_modules', '@sparticuz', 'chromium'),
        join('node_modules', 'tar-fs'),
      ]),
    );
    expect(chromiumBundling().externalModules).toEqual([CHROMIUM_PACKAGE]);
  });

  it('copies chromium and its dependencies into the bundle without npm or network', async () => {
    const out = mkdtempSync(join(tmpdir(), 'trobly-chromium-'));
    try {
      const commands = chromiumBundling().commandHooks!.afterBundling(fromRoot(), out);
      for (const command of commands) execSync(command, { shell: '/bin/sh' });
      expect(existsSync(join(out, 'node_modules', '@sparticuz', 'chromium', 'bin', 'chromium.br'))).toBe(
        true,
      );
      // Resolve it the way the bundle's index.mjs will at run time: from the bundle directory.
      const probe = join(out, 'probe.mjs');
      execSync(
        `node -e "require('node:fs').writeFileSync('${probe}', 'import c from \\'@sparticuz/chromium\\'; console.log(typeof c.executablePath)')"`,
      );
      expect(execSync(`node ${probe}`, { cwd: out }).toString().trim()).toBe('function');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
