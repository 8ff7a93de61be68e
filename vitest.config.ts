import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

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

/**
 * One runner, five projects. Integration and e2e start real services in their global setup:
 * DynamoDB Local for integration, the whole local cloud (npm start's) for the browser tests.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Vite 8 transforms with oxc; test files sit outside web/tsconfig.json's folder, so say it here.
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/web/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.integration.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/rights-global-setup.ts', 'test/support/dynamodb-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/rights-global-setup.ts', 'test/support/local-cloud-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
