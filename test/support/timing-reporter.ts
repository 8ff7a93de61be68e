import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where the last run's per-file times are kept; `npm run -s test:timing` prints them. */
export const TIMING_FILE = join(process.cwd(), '.local', 'test-timing.json');

export interface FileTiming {
  project: string;
  file: string;
  tests: number;
  /**
   * Everything the file cost its worker: environment (when the file has one of its own), harness, imports,
   * setup files, tests and hooks.
   */
  totalMs: number;
  importMs: number;
  testsMs: number;
  /** When the run that measured it ended. */
  ranAt: string;
}

function timingOf(module: TestModule, ranAt: string): FileTiming {
  const d = module.diagnostic();
  // A worker that keeps its modules between files (isolate: false) makes its environment once, and vitest
  // reports that one time for every file it runs: counted per file, the web files' jsdom came to 55 s.
  const environmentMs = module.project.config.isolate === false ? 0 : d.environmentSetupDuration;
  return {
    project: module.project.name,
    file: relative(process.cwd(), module.moduleId),
    tests: [...module.children.allTests()].length,
    totalMs: Math.round(environmentMs + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
    importMs: Math.round(d.collectDuration + d.setupDuration),
    testsMs: Math.round(d.duration),
    ranAt,
  };
}

export function readTimings(): FileTiming[] {
  try {
    return JSON.parse(readFileSync(TIMING_FILE, 'utf8')) as FileTiming[];
  } catch {
    return [];
  }
}

/**
 * Records each file's time at the end of a run. The stages of `npm test` are separate vitest runs, so a
 * run replaces only the files it ran and keeps the other stages' figures.
 */
export default class TimingReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const ranAt = new Date().toISOString();
    const fresh = modules.map((m) => timingOf(m, ranAt));
    const ran = new Set(fresh.map((t) => t.file));
    // A file renamed or removed since is left out, and so is a file's entry under a project it has left (a
    // file runs in one project): the report lists only files that still run, each once.
    const kept = readTimings().filter((t) => !ran.has(t.file) && existsSync(t.file));
    mkdirSync(dirname(TIMING_FILE), { recursive: true });
    const temporary = `${TIMING_FILE}.${process.pid}`;
    writeFileSync(temporary, `${JSON.stringify([...kept, ...fresh], null, 1)}\n`);
    renameSync(temporary, TIMING_FILE);
  }
}
