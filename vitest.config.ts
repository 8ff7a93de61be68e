import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first-sequencer';

// Pinned AWS SDK releases run on Node 20; its notice about future releases is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Handlers log one JSON line per request; tests assert outcomes, so keep the output readable.
process.env.LOG_LEVEL ??= 'silent';
// The run worker's CloudWatch metric lines (Powertools EMF) likewise; the metrics test turns them on.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

// Every test run records the rights its functions use, afresh (npm run rights reads them; a refused one
// fails the run: test/support/rights-global-setup.ts).
// The folder is RIGHTS_LOG_DIR of scripts/local-cloud/function-runtime/rights-log.ts (not imported: Vite
// loads this file natively, and the repo's imports carry no extension).
if (!process.env.RIGHTS_LOG_DIR) {
  const rightsLog = join(import.meta.dirname, '.local', 'rights');
  rmSync(rightsLog, { recursive: true, force: true });
  process.env.RIGHTS_LOG_DIR = rightsLog;
}

// Integration and e2e tests hash hundreds of passwords: at a test-only cost (functions/auth/password.ts;
// refused in AWS). test/unit/functions/auth/password-cost.test.ts hashes at the production cost.
const TEST_PASSWORD_COST = { SCRYPT_TEST_LOG_N: '10' };

// Unit, web and infra files at once: one per core.
const CPU_BOUND = { maxWorkers: 2 };

// Integration files at once: three on two cores. Since the runs drive the deploy's headless shell (a fifth
// of the full Chromium's CPU), two files left the cores idle a quarter of the stage, waiting on each other's
// services; three left them idle a tenth (219 s against 257 s). Every file slows down beside a third, so
// its timeouts stretch with it, with the square of the overload: flow-run's tests took 2-2.4 times as long
// at three workers as at two in an earlier run (one of them 23 s in one run and more than 45 s in another).
const INTEGRATION_WORKERS = Number(process.env.INTEGRATION_WORKERS ?? 3);
const INTEGRATION_LOAD = Math.max(1, (INTEGRATION_WORKERS / 2) ** 2);

/**
 * Unit, web and integration files share their worker's loaded modules (isolate: false): importing zod,
 * React, the AWS SDK and the handlers once per worker instead of once per file is most of their time. A
 * file that replaces a module (vi.mock) needs a module graph of its own, so those files run isolated, in a
 * project of their own ('unit:isolated', 'web:isolated', 'integration:isolated'); each project's setup
 * file puts shared state back between files.
 */
const mocksModules = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file).replaceAll('\\', '/'))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));
const isolatedUnit = mocksModules('test/unit');
const isolatedWeb = mocksModules('test/web');
const isolatedIntegration = mocksModules('test/integration');

/**
 * Browser journeys share one local cloud and run side by side (E2E_WORKERS), each as its own user. A
 * journey that slows a sandbox site switches only its own session (setSandboxFailures with the token of
 * the session issued to its browser: test/e2e/account-steps.ts, nameBrowser). A file that switches a site for every session
 * (a setSandboxFailures call whose switches name no token) would slow the journeys beside it: such files
 * run one at a time in 'e2e:serial', which vitest starts once the parallel ones are done.
 */
const e2eFiles = readdirSync('test/e2e')
  .filter((file) => file.endsWith('.e2e.test.ts'))
  .map((file) => `test/e2e/${file}`);
const switchesEverySession = /\bsetSandboxFailures\([^,]+,\s*\{(?![^}]*\btoken\b)/;
const serialE2e = e2eFiles.filter((file) => switchesEverySession.test(readFileSync(file, 'utf8')));
// Three journeys at once: a journey spends about a fifth of its time waiting, and the runs' Chromium is the
// light headless shell. Three took 236 s against about 270 s at two. Two of four runs at three once failed a
// wait for the page: a sidebar link lost its focus when the tooltip code arrived after the page was up
// (now loaded with the shell: LazyAppShellLayout.tsx), and a verification link's page did not say so in
// 10 s (then two journeys could draw the same address; they are random since). E2E_WORKERS sets the count.
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);
const E2E_TEST = {
  environment: 'node' as const,
  maxWorkers: E2E_WORKERS,
  // After unit, web and integration files when one vitest run has them all (npm run test:all): vitest
  // runs projects of different worker counts in groups, one after the other.
  sequence: { groupOrder: 2 },
  globalSetup: ['test/support/rights-global-setup.ts', 'test/support/local-cloud-global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

/**
 * Each integration file owns its tables, queues, gateway and sandbox platforms, so files run side by side
 * (INTEGRATION_WORKERS above). The projects' global setups share the DynamoDB Local and Chromium npm test
 * starts; a run by hand starts one of each, which both projects share.
 */
const INTEGRATION_TEST = {
  include: ['test/integration/**/*.integration.test.ts'],
  environment: 'node' as const,
  maxWorkers: INTEGRATION_WORKERS,
  sequence: { groupOrder: 1 },
  setupFiles: ['test/integration/setup.ts'],
  env: TEST_PASSWORD_COST,
  globalSetup: [
    'test/support/rights-global-setup.ts',
    'test/support/dynamodb-global-setup.ts',
    'test/support/chromium-global-setup.ts',
  ],
  testTimeout: 30_000 * INTEGRATION_LOAD,
  hookTimeout: 60_000 * INTEGRATION_LOAD,
};

/**
 * The crash matrix (issue 35 point 5, test/crash/): each case starts, kills and restarts a whole local cloud
 * in a child process, one case after another (they measure heal times, and two clouds at once on two cores
 * would measure each other). Long, so outside `npm test` and `npm run test:all`: only a run that names the
 * project has it (`npm run test:crash`, `vitest run --project crash`).
 */
const CRASH_ASKED = process.argv.some((arg) => arg === 'crash' || arg === '--project=crash');
const CRASH_TEST = {
  name: 'crash',
  include: ['test/crash/**/*.crash.test.ts'],
  environment: 'node' as const,
  fileParallelism: false,
  maxWorkers: 1,
  env: TEST_PASSWORD_COST,
  testTimeout: 8 * 60_000,
  hookTimeout: 120_000,
};

/**
 * Issue 36's "done when" for three flow templates (test/e2e/*.examples.test.ts): three new accounts at once,
 * each running its template's first example on the local cloud's real Chromium. It loaded the shared local
 * cloud enough to slow every journey beside it (the e2e stage took twice as long), so it runs outside
 * `npm test`, like the crash matrix: `npm run test:examples`. AI Prospecting's first example stays in the
 * wizard journey (flow-setup.e2e.test.ts), in `npm test`.
 */
const EXAMPLES_ASKED = process.argv.some((arg) => arg === 'examples' || arg === '--project=examples');

/**
 * One runner, several projects. Integration and e2e start real services in their global setup:
 * DynamoDB Local for integration, the whole local cloud (npm start's) for the browser tests.
 */
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker. Unit, web and infra files are CPU-bound: one per core
    // (CPU_BOUND). The pool's own limit is the largest a project asks for.
    maxWorkers: Math.max(CPU_BOUND.maxWorkers, INTEGRATION_WORKERS, E2E_WORKERS),
    passWithNoTests: true,
    reporters: ['default', './test/support/timing-reporter.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: isolatedUnit,
          environment: 'node',
          isolate: false,
          setupFiles: ['test/unit/setup.ts'],
          ...CPU_BOUND,
        },
      },
      ...(isolatedUnit.length
        ? [
            {
              test: {
                name: 'unit:isolated',
                include: isolatedUnit,
                environment: 'node' as const,
                ...CPU_BOUND,
              },
            },
          ]
        : []),
      {
        // Vite 8 transforms with oxc; test files sit outside web/tsconfig.json's folder, so say it here.
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          exclude: isolatedWeb,
          environment: 'jsdom',
          // Like unit files, web files share their worker's modules and jsdom window: React, Mantine and
          // the window are made once per worker instead of once per file (about 60 s of the stage).
          // test/web/setup.ts puts back what a file leaves behind. A file that replaces a module (vi.mock:
          // a page's code that fails to arrive) runs in 'web:isolated'.
          isolate: false,
          setupFiles: ['test/web/setup.ts'],
          ...CPU_BOUND,
        },
      },
      ...(isolatedWeb.length
        ? [
            {
              oxc: { jsx: { runtime: 'automatic' as const } },
              test: {
                name: 'web:isolated',
                include: isolatedWeb,
                environment: 'jsdom' as const,
                setupFiles: ['test/web/setup.ts'],
                ...CPU_BOUND,
              },
            },
          ]
        : []),
      { test: { name: 'integration', exclude: isolatedIntegration, isolate: false, ...INTEGRATION_TEST } },
      ...(isolatedIntegration.length
        ? [{ test: { name: 'integration:isolated', ...INTEGRATION_TEST, include: isolatedIntegration } }]
        : []),
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          ...CPU_BOUND,
        },
      },
      { test: { name: 'e2e', include: e2eFiles, exclude: serialE2e, ...E2E_TEST } },
      ...(serialE2e.length
        ? [
            {
              test: {
                name: 'e2e:serial',
                include: serialE2e,
                ...E2E_TEST,
                fileParallelism: false,
                sequence: { groupOrder: 3 },
              },
            },
          ]
        : []),
      ...(CRASH_ASKED ? [{ test: CRASH_TEST }] : []),
      ...(EXAMPLES_ASKED
        ? [{ test: { name: 'examples', include: ['test/e2e/**/*.examples.test.ts'], ...E2E_TEST } }]
        : []),
    ],
  },
});
