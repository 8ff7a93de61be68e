import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Each file's time in a full run, committed (`npm run -s test:timing -- --save` writes it from the last run):
 * the order of a fresh clone, which has no vitest cache yet. Ordered by size there, the two accessibility
 * journeys (4-line files, a minute each) started last and ran on alone at the end of the e2e stage.
 */
export const FILE_DURATIONS = join(import.meta.dirname, 'file-durations.json');

/** A file's key there, the one vitest's own record uses. */
export const durationKey = (project: string, file: string) => `${project}:${file}`;

function committedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(FILE_DURATIONS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Vitest's order (the files that took longest in the last run first, else the largest), but across the
 * projects of a group instead of one project after another: by default every 'integration:isolated' file
 * waits until the last 'integration' file has started, so a long isolated file (flow-budget) ran alone at
 * the end of the stage while the other core had nothing to do. Groups (sequence.groupOrder) still run one
 * after the other. Without a last run (a fresh clone), the committed times order the files.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const committed = committedDurations();
    const key = (spec: TestSpecification) =>
      durationKey(spec.project.name, relative(config.root, spec.moduleId));
    const last = (spec: TestSpecification) => cache.getFileTestResults(key(spec));
    const duration = (spec: TestSpecification) => last(spec)?.duration ?? committed[key(spec)];
    const size = (spec: TestSpecification) => cache.getFileStats(key(spec))?.size ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      // A file that failed last time first, to hear about it soonest.
      const [failedA, failedB] = [last(a)?.failed === true, last(b)?.failed === true];
      if (failedA !== failedB) return failedA ? -1 : 1;
      const [durationA, durationB] = [duration(a), duration(b)];
      if (durationA !== undefined && durationB !== undefined) return durationB - durationA;
      // Unknown (new) files first, then the larger ones.
      if (durationA !== undefined || durationB !== undefined) return durationA === undefined ? -1 : 1;
      return size(b) - size(a);
    });
  }
}
