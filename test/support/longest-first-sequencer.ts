import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (the files that took longest in the last run first, else the largest), but across the
 * projects of a group instead of one project after another: by default every 'integration:isolated' file
 * waits until the last 'integration' file has started, so a long isolated file (flow-budget) ran alone at
 * the end of the stage while the other core had nothing to do. Groups (sequence.groupOrder) still run one
 * after the other.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const known = (spec: TestSpecification) => cache.getFileTestResults(key(spec));
    const size = (spec: TestSpecification) => cache.getFileStats(key(spec))?.size ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      const [lastA, lastB] = [known(a), known(b)];
      if (lastA && lastB) {
        // A file that failed last time first, to hear about it soonest.
        if (lastA.failed !== lastB.failed) return lastA.failed ? -1 : 1;
        return lastB.duration - lastA.duration;
      }
      // Unknown (new) files first, then the larger ones.
      return size(b) - size(a);
    });
  }
}
