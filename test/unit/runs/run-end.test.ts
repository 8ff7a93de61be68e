import { describe, expect, it } from 'vitest';
import { delayUntil, MAX_DELAY_SECONDS, retryDelaySeconds } from '../../../functions/core/queues';
import {
  automationAfter,
  FAILED_RUNS_BEFORE_PAUSE,
} from '../../../functions/jobs/job-state/job-end-repository';

const NEXT = '2026-11-26T10:02:00.000Z';

describe('what an automation becomes when its job ends', () => {
  it('ends a one-off with its job: completed or failed', () => {
    expect(automationAfter({ status: 'completed' }, { failedRunsInRow: 0 })).toEqual({
      status: 'completed',
      failedRunsInRow: 0,
    });
    expect(automationAfter({ status: 'failed' }, { failedRunsInRow: 0 })).toEqual({
      status: 'failed',
      failedRunsInRow: 1,
    });
  });

  it('keeps a recurring automation waiting for its next tick after a completed run, counting failures from zero again', () => {
    expect(automationAfter({ status: 'completed' }, { nextRunAt: NEXT, failedRunsInRow: 2 })).toEqual({
      status: 'active',
      failedRunsInRow: 0,
    });
  });

  it('leaves the next tick free after a first and a second failed run in a row', () => {
    expect(automationAfter({ status: 'failed' }, { nextRunAt: NEXT, failedRunsInRow: 0 })).toEqual({
      status: 'active',
      failedRunsInRow: 1,
    });
    expect(automationAfter({ status: 'failed' }, { nextRunAt: NEXT, failedRunsInRow: 1 })).toEqual({
      status: 'active',
      failedRunsInRow: 2,
    });
  });

  it('pauses a recurring automation at its third failed run in a row', () => {
    expect(FAILED_RUNS_BEFORE_PAUSE).toBe(3);
    expect(automationAfter({ status: 'failed' }, { nextRunAt: NEXT, failedRunsInRow: 2 })).toEqual({
      status: 'paused',
      failedRunsInRow: 3,
      pausedForFailures: true,
    });
  });

  it('keeps a job the platform stopped paused, without counting a failure', () => {
    expect(automationAfter({ status: 'paused' }, { nextRunAt: NEXT, failedRunsInRow: 1 })).toEqual({
      status: 'paused',
      failedRunsInRow: 1,
    });
  });
});

describe('when a run message comes back', () => {
  it('retries 10 s after the first failure, doubling to at most a minute', () => {
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([10, 20, 40, 60, 60]);
    expect(retryDelaySeconds(0)).toBe(10);
  });

  it('delays a message to its time, within what SQS allows', () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    expect(delayUntil(undefined, now)).toBe(0);
    expect(delayUntil('2026-11-26T09:59:00.000Z', now)).toBe(0);
    expect(delayUntil('2026-11-26T10:00:00.400Z', now)).toBe(1);
    expect(delayUntil('2026-11-26T10:15:00.000Z', now)).toBe(900);
    expect(delayUntil('2026-11-26T10:15:01.000Z', now)).toBe(MAX_DELAY_SECONDS);
    expect(delayUntil(new Date('2026-11-26T10:14:59.000Z'), now)).toBe(899);
  });
});
