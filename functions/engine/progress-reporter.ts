import type { JobProgress } from '../../shared/realtime';

/**
 * Pushes a job's progress to its owner's subscribed sockets, at most one push per `minIntervalMs`
 * (issue 11 point 12: about 2 a second): a report inside the interval replaces the waiting one and
 * goes out when the interval ends, so the last state is always sent and none in between piles up.
 */
export interface ProgressReporter {
  report(progress: JobProgress): void;
  /** Sends what waits now (the run's end: the final state must not wait for a timer). */
  flush(): Promise<void>;
}

export type PublishProgress = (progress: JobProgress) => Promise<unknown>;

export function createProgressReporter(options: {
  publish: PublishProgress;
  minIntervalMs?: number;
  onError?: (error: unknown) => void;
  now?: () => number;
}): ProgressReporter {
  const minInterval = options.minIntervalMs ?? 500;
  const now = options.now ?? (() => performance.now());
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let waiting: JobProgress | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();

  const send = (progress: JobProgress) => {
    lastSentAt = now();
    // Pushes go out in order; a failed push (API down) never fails the run.
    inFlight = inFlight
      .then(() => options.publish(progress))
      .catch((error: unknown) => options.onError?.(error));
  };

  return {
    report(progress) {
      const since = now() - lastSentAt;
      if (since >= minInterval && !timer) {
        send(progress);
        return;
      }
      waiting = progress;
      timer ??= setTimeout(
        () => {
          timer = undefined;
          const next = waiting;
          waiting = undefined;
          if (next) send(next);
        },
        Math.max(0, minInterval - since),
      );
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const next = waiting;
      waiting = undefined;
      if (next) send(next);
      await inFlight;
    },
  };
}
