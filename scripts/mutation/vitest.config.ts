import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunnerTask, RunnerTestCase } from 'vitest';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type Reporter, type TestSpecification, type Vitest } from 'vitest/node';

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

/** The modules a test file imports at run time, by absolute path without extension. */
function runtimeImports(file: string): string[] {
  return [
    ...readFileSync(file, 'utf8').matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?\sfrom\s+'(\.[^']+)'/gm),
  ].map((match) => resolve(dirname(file), match[1]!));
}

const withoutExtension = (path: string) => path.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * The order of the test files of one Stryker run. Stryker runs a mutant with `bail: 1`, so the first
 * failing test ends the run; a mutant covered by tests of several files runs those files, and a mutant
 * of a module's top-level code (a table, a regular expression: a static mutant) every included file
 * related to the module. Vitest's own order puts the longest files first. Here the file that failed in
 * its last run goes first (it killed the mutant before, and the next mutant is most often its
 * neighbour), then the files that import the mutated module themselves (its own tests, where its rules
 * are pinned), then the others from the quickest.
 */
class MutationSequencer extends BaseSequencer {
  private readonly imports = new Map<string, string[]>();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const mutated = new Set((this.ctx.config.related ?? []).map(withoutExtension));
    const own = (spec: TestSpecification) => {
      let imports = this.imports.get(spec.moduleId);
      if (!imports) {
        imports = runtimeImports(spec.moduleId);
        this.imports.set(spec.moduleId, imports);
      }
      return imports.some((path) => mutated.has(path));
    };
    // The last run's duration where there is one (the dry run gives every file one), else the size.
    const rank = (spec: TestSpecification): number[] => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const last = this.ctx.cache.getFileTestResults(key);
      const size = this.ctx.cache.getFileStats(key)?.size ?? 0;
      return [last?.failed ? 0 : 1, own(spec) ? 0 : 1, last ? 0 : 1, last?.duration ?? size];
    };
    const byRank = (a: number[], b: number[]) => a.reduce((diff, value, i) => diff || value - b[i]!, 0);
    return files
      .map((spec) => ({ spec, rank: rank(spec) }))
      .sort((a, b) => byRank(a.rank, b.rank))
      .map(({ spec }) => spec);
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The unit test files that import a mutated module themselves (stryker.config.json's `mutate`, a line
 * range dropped): the tests written for those rules. A mutant of a module's top-level code runs every
 * included file related to the module, and each file costs a fresh worker and its imports; the files
 * that reach a rule module only through others (an AI adapter's test through the text rules, a route's
 * through the error map) are many, slow to load, and not where its rules are pinned. A module's rules are
 * pinned in tests that import it.
 */
function unitTestsOfMutatedModules(): string[] {
  const { mutate } = JSON.parse(readFileSync(join(root, 'stryker.config.json'), 'utf8')) as {
    mutate: string[];
  };
  const mutated = new Set(mutate.map((pattern) => resolve(root, pattern.replace(/:[\d:-]+$/, ''))));
  const unit = join(root, 'test/unit');
  return readdirSync(unit, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(unit, name))
    .filter((file) => runtimeImports(file).some((path) => mutated.has(`${path}.ts`)))
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
}

/**
 * The unit project alone, for `npm run mutation` (stryker.config.json): the rule modules are pure, so
 * their mutants are judged by unit tests only, never by the projects that start DynamoDB Local or the
 * local cloud in their global setup; and of the unit tests, those of the mutated modules.
 */
export default defineConfig({
  root,
  test: {
    name: 'unit',
    include: unitTestsOfMutatedModules(),
    environment: 'node',
    sequence: { sequencer: MutationSequencer },
    reporters: ['default', loadFailuresAsFailedTests()],
  },
});
