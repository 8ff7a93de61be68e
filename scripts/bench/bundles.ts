import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { queues } from '../../functions/core/queues';
import { deployedHttpRoutes, handlerFile, webSocketRoutes } from '../../functions/routes';
import { esbuildBuildOptions } from '../../lib/constructs/app-function';
import { DEFAULT_BEDROCK_MODEL_ID } from '../../lib/grants';
import { RUN_DISPATCHER, streamConsumerFile } from '../../lib/workers-stack';
import { repoRoot } from '../local-cloud/lambda-runtime';

/**
 * Builds every Lambda bundle with the CDK's own esbuild settings and measures, in fresh Node processes,
 * how long a cold start takes to get the handler ready, beside an empty handler built the same way.
 */
export interface BundleFigure {
  name: string;
  kind: 'api' | 'stream' | 'websocket' | 'worker' | 'baseline';
  bytes: number;
  /** Median wall time of a fresh `node` process that imports the bundle and exits, ms. */
  processMs: number;
  /** Median time of the `import()` itself inside that process, ms. */
  importMs: number;
}

// What a function has in AWS, so module-level setup (env parsing, clients) runs as it does there.
const LAMBDA_ENV = {
  APP_RUNTIME: 'aws',
  APP_STAGE: 'bench',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bench-trobly',
  QUEUE_URL_TROB_RUNS: 'https://sqs.us-east-1.amazonaws.com/000000000000/bench-trob-runs',
  QUEUE_URL_FLOW_RUNS: 'https://sqs.us-east-1.amazonaws.com/000000000000/bench-flow-runs',
  REALTIME_ENDPOINT: 'https://example.execute-api.us-east-1.amazonaws.com/live',
  // The routes that schedule trob runs read these at cold start (core/adapters/scheduler-adapter.ts).
  SCHEDULE_GROUP: 'bench-trobly',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/bench-scheduler',
  // The stream function's provider in AWS (lib/grants.ts), so its cold start builds that adapter.
  AI_PROVIDER: 'bedrock',
  BEDROCK_MODEL_ID: DEFAULT_BEDROCK_MODEL_ID,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function timeImport(file: string, runs: number): { processMs: number; importMs: number } {
  // The Lambda runtime provides `awslambda` to streaming handlers before their module loads.
  const harness = `globalThis.awslambda={streamifyResponse:(f)=>f,HttpResponseStream:{from:(s)=>s}};const t=performance.now();await import(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t));`;
  const processTimes: number[] = [];
  const importTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    let out: string;
    try {
      out = execFileSync(process.execPath, ['--input-type=module', '-e', harness], {
        env: { ...LAMBDA_ENV, PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? '');
      const reason =
        stderr
          .split('\n')
          .find((line) => /Error/.test(line))
          ?.slice(0, 300) ?? 'unknown error';
      throw new Error(`Importing ${file} failed: ${reason}`);
    }
    processTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    importTimes.push(Number(out));
  }
  return { processMs: median(processTimes), importMs: median(importTimes) };
}

export async function measureBundles(runs = 7): Promise<BundleFigure[]> {
  const outRoot = mkdtempSync(join(tmpdir(), 'trobly-bundles-'));
  const entries: Array<{ name: string; kind: BundleFigure['kind']; entry: string; external?: string[] }> = [];
  const baseline = join(outRoot, 'empty.handler.mjs');
  writeFileSync(baseline, 'export const handler = async () => ({ statusCode: 200 });\n');
  entries.push({ name: '(empty handler)', kind: 'baseline', entry: baseline });
  // The deployed rows: a local-only row (the sandboxes) never becomes a function.
  for (const route of deployedHttpRoutes) {
    entries.push({
      name: route.handler,
      kind: route.stream ? 'stream' : 'api',
      entry: join(repoRoot, handlerFile(route.handler)),
      // A route that drives Chromium ships it beside its bundle, as the workers do.
      ...(route.chromium ? { external: ['@sparticuz/chromium'] } : {}),
    });
  }
  for (const route of webSocketRoutes) {
    entries.push({
      name: route.handler,
      kind: 'websocket',
      entry: join(repoRoot, handlerFile(route.handler)),
    });
  }
  for (const consumer of new Set(Object.values(queues).map((q) => q.consumer))) {
    // Chromium ships beside the worker bundle, as in the CDK bundling, not inside it.
    entries.push({
      name: consumer,
      kind: 'worker',
      entry: join(repoRoot, 'functions', `${consumer}.worker.ts`),
      external: ['@sparticuz/chromium'],
    });
  }
  entries.push({
    name: RUN_DISPATCHER,
    kind: 'worker',
    entry: join(repoRoot, streamConsumerFile(RUN_DISPATCHER)),
  });

  const figures: BundleFigure[] = [];
  for (const { name, kind, entry, external } of entries) {
    const outdir = join(outRoot, name.replace(/[^\w-]+/g, '_'));
    mkdirSync(outdir, { recursive: true });
    await build(esbuildBuildOptions(entry, outdir, external));
    const file = join(outdir, 'index.mjs');
    const bytes = statSync(file).size;
    figures.push({ name, kind, bytes, ...timeImport(file, runs) });
  }
  return figures;
}
