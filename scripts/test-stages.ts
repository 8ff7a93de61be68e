import { type ChildProcess, spawn } from 'node:child_process';
import { startChromium } from '../test/support/chromium-global-setup';
import { SHARED_SERVICES } from '../test/support/shared-services';

/**
 * `npm test`: the whole suite in stages, cheapest first, stopping at the first stage that fails and
 * naming it. Within a stage the checks run side by side (vitest spreads files over its workers; see
 * vitest.config.ts). `npm test -- web integration` runs only the stages named.
 */
interface Check {
  name: string;
  command: string[];
}
interface Stage {
  name: string;
  checks: Check[];
  /** Needs the DynamoDB Local and Chromium started once for every stage that needs them. */
  services?: true;
}

// 'unit*' matches 'unit' and 'unit:isolated', 'web*' 'web' and 'web:isolated' (vitest.config.ts).
const vitest = (...projects: string[]) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
];

/** TypeScript 7's compiler, by its path: node_modules/.bin/tsc may be either TypeScript's. */
const TSC = 'node_modules/typescript-go/bin/tsc';

export const STAGES: Stage[] = [
  {
    name: 'typecheck and lint',
    checks: [
      // TypeScript 7 (the native compiler, installed as typescript-go; the typescript package stays 5.9 for
      // dependency-cruiser, which parses with its JS API). It checks tsconfig.build.json's four programs on
      // every core in one process: about 10 s from cold where TypeScript 5.9 took 36-45 s in two. Each
      // program keeps its build info in node_modules/.cache/tsc, so a second run checks only what changed.
      { name: 'typecheck', command: ['node', TSC, '--build', 'tsconfig.build.json'] },
      { name: 'biome', command: ['biome', 'check', '.'] },
      { name: 'dependency rules', command: ['npm', 'run', '-s', 'lint:deps'] },
    ],
  },
  { name: 'unit and infra', checks: [{ name: 'vitest', command: vitest('unit*', 'infra') }] },
  { name: 'web', checks: [{ name: 'vitest', command: vitest('web*') }] },
  { name: 'integration', checks: [{ name: 'vitest', command: vitest('integration*') }], services: true },
  { name: 'e2e', checks: [{ name: 'vitest', command: vitest('e2e*') }], services: true },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one check; a stage of several buffers each one's output and prints it whole when it ends. */
function run(
  check: Check,
  alone: boolean,
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  const [bin, ...args] = check.command as [string, ...string[]];
  const child: ChildProcess = spawn(
    bin === 'npm' || bin === 'node' ? bin : `node_modules/.bin/${bin}`,
    args,
    {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main(): Promise<number> {
  const asked = process.argv.slice(2);
  const stages = asked.length ? STAGES.filter((s) => asked.includes(s.name)) : STAGES;
  if (asked.length && stages.length !== asked.length) {
    console.error(`Unknown stage. The stages are: ${STAGES.map((s) => `'${s.name}'`).join(', ')}`);
    return 2;
  }
  const started = performance.now();
  const times: string[] = [];
  const stops: Array<() => Promise<unknown>> = [];
  // Started by the first stage that needs them. Started beside the typecheck instead, Java's and Chromium's
  // start cost that stage 8-12 s (46-50 s against 38 s) and won the integration stage nothing measurable.
  let starting: Promise<Record<string, string>> | undefined;
  const services = () => {
    starting ??= startServices(stops);
    return starting;
  };
  try {
    return await runStages(stages, started, times, services);
  } finally {
    await starting?.catch(() => undefined);
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

/** Once the shared services run: whether they still answer, said when a stage that uses them fails. */
let servicesHealth: (() => Promise<string>) | undefined;

/**
 * Starts the shared DynamoDB Local and Chromium; answers the variables that name them to the processes of
 * the stages that use them.
 */
async function startServices(stops: Array<() => Promise<unknown>>): Promise<Record<string, string>> {
  // Pinned AWS SDK releases run on Node 20; its notice about future releases is noise here too.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { startLocalDynamo } = await import('./local-cloud/dynamodb');
  const [dynamo, chromium] = await Promise.all([startLocalDynamo(), startChromium()]);
  let stopping = false;
  chromium.once('disconnected', () => {
    if (!stopping)
      console.error('The shared Chromium stopped unexpectedly: the stages after this one will fail.');
  });
  stops.push(
    async () => {
      stopping = true;
    },
    () => dynamo.stop(),
    () => chromium.close(),
  );
  servicesHealth = async () => {
    const { ListTablesCommand } = await import('@aws-sdk/client-dynamodb');
    const answers = await dynamo.client
      .send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(3000) })
      .then(
        () => 'answers',
        (error: Error) => `does not answer (${error.name}: ${error.message})`,
      );
    return `DynamoDB Local ${answers}; Chromium ${chromium.connected ? 'is connected' : 'is gone'}.`;
  };
  return { [SHARED_SERVICES.dynamo]: dynamo.endpoint, [SHARED_SERVICES.chromium]: chromium.wsEndpoint() };
}

async function runStages(
  stages: Stage[],
  started: number,
  times: string[],
  services: () => Promise<Record<string, string>>,
): Promise<number> {
  for (const stage of stages) {
    console.log(`\n▶ ${stage.name}`);
    const t0 = performance.now();
    let env: Record<string, string> = {};
    if (stage.services) {
      try {
        env = await services();
      } catch (error) {
        console.error(
          `\n✗ npm test stopped: stage '${stage.name}' could not start DynamoDB Local and Chromium: ${(error as Error).message}`,
        );
        return 1;
      }
    }
    const alone = stage.checks.length === 1;
    const results = await Promise.all(
      stage.checks.map(async (check) => {
        const c0 = performance.now();
        const result = await run(check, alone, env);
        if (!alone) {
          const status = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
          console.log(`── ${check.name}: ${status} in ${seconds(performance.now() - c0)}`);
          if (result.output.trim()) console.log(result.output.trimEnd());
        }
        return { check, ...result };
      }),
    );
    const took = seconds(performance.now() - t0);
    times.push(`${stage.name} ${took}`);
    const failed = results.filter((r) => r.code !== 0);
    if (failed.length > 0) {
      console.error(
        `\n✗ npm test stopped: stage '${stage.name}' failed (${failed.map((r) => r.check.name).join(', ')}) after ${took}.`,
      );
      console.error(`  Stage times: ${times.join(' · ')}`);
      if (stage.services && servicesHealth) console.error(`  Shared services: ${await servicesHealth()}`);
      return 1;
    }
    console.log(`✓ ${stage.name} passed in ${took}`);
  }
  console.log(`\nAll stages passed in ${seconds(performance.now() - started)}: ${times.join(' · ')}`);
  console.log('The slowest files: npm run -s test:timing');
  return 0;
}

process.exitCode = await main();
