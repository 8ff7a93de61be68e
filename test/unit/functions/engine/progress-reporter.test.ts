import { describe, expect, it, vi } from 'vitest';
import { createProgressReporter } from '../../../../functions/engine/progress-reporter';
import type { JobProgress } from '../../../../shared/realtime';

const progress = (n: number): JobProgress => ({
  jobId: 'job-1',
  progress: n,
  status: 'running',
  message: `at ${n}`,
  stage: 'extracting',
  completedTasks: n,
  totalTasks: 100,
});

describe('progress reporter', () => {
  it('pushes at most once per interval and always sends the latest state last', async () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      const reporter = createProgressReporter({
        publish: async (p) => {
          sent.push(p.progress);
        },
        minIntervalMs: 500,
        now: () => Date.now(),
      });
      for (let i = 1; i <= 10; i++) {
        reporter.report(progress(i));
        await vi.advanceTimersByTimeAsync(100);
      }
      // 1 s of reports every 100 ms: the first at once, then the latest of each 500 ms window.
      expect(sent).toEqual([1, 5, 10]);
      await vi.advanceTimersByTimeAsync(2000);
      expect(sent).toEqual([1, 5, 10]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the waiting state on flush without waiting for the interval', async () => {
    const sent: number[] = [];
    const reporter = createProgressReporter({
      publish: async (p) => void sent.push(p.progress),
      minIntervalMs: 60_000,
    });
    reporter.report(progress(1));
    reporter.report(progress(2));
    reporter.report(progress(3));
    await reporter.flush();
    expect(sent).toEqual([1, 3]);
  });

  it('keeps reporting when a push fails', async () => {
    const errors: unknown[] = [];
    const sent: number[] = [];
    const reporter = createProgressReporter({
      publish: async (p) => {
        if (p.progress === 1) throw new Error('api down');
        sent.push(p.progress);
      },
      minIntervalMs: 0,
      onError: (e) => errors.push(e),
    });
    reporter.report(progress(1));
    reporter.report(progress(2));
    await reporter.flush();
    expect(sent).toEqual([2]);
    expect(errors).toHaveLength(1);
  });
});
