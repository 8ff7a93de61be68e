import { fileURLToPath } from 'node:url';
import type { RunnerTask, RunnerTestCase } from 'vitest';
import { defineConfig } from 'vitest/config';
import type { Reporter, Vitest } from 'vitest/node';

// The same quiet environment as vitest.config.ts: tests assert outcomes, not log lines.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'silent';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

const failed = (task: RunnerTask): boolean =>
  task.type === 'test' ? task.result?.state === 'fail' : task.tasks.some(failed);

/**
 * A test file that fails to load counts as a failed test. Stryker's vitest runner (9.6.1, and 10.x)
 * scores a mutant from the tests it collected, and a file whose import or describe body throws
 * collects none: a mutant that stops a module from loading (a wrong locale in a module-level
 * Intl.DateTimeFormat, a broken constructor used while collecting) would read as Survived, though
 * `vitest run` fails on it (stryker-js issue 6150). So each failed file without a failed test gets
 * one, carrying the file's error.
 */
function loadFailuresAsFailedTests(): Reporter {
  let vitest: Vitest | undefined;
  return {
    onInit(ctx) {
      vitest = ctx;
    },
    onTestRunEnd() {
      for (const file of vitest?.state.getFiles() ?? []) {
        if (file.result?.state !== 'fail' || failed(file)) continue;
        const test = {
          type: 'test',
          id: `${file.id}_load`,
          name: 'the test file loads',
          fullName: `${file.name} > the test file loads`,
          fullTestName: 'the test file loads',
          mode: 'run',
          file,
          suite: file,
          meta: {},
          annotations: [],
          artifacts: [],
          timeout: 0,
          result: { state: 'fail', errors: file.result.errors ?? [{ message: 'the test file failed' }] },
        };
        // Only the fields the runner reads; vitest's own test context exists only while a test runs.
        file.tasks.push(test as unknown as RunnerTestCase);
      }
    },
  };
}

/**
 * The unit project alone, for `npm run mutation` (stryker.config.json): the rule modules are pure, so
 * their mutants are judged by unit tests only, never by the projects that start DynamoDB Local or the
 * local cloud in their global setup.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'unit',
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', loadFailuresAsFailedTests()],
  },
});
