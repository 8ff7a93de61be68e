import type { Context } from 'aws-lambda';
import { env } from '../core/env';
import type { Logger } from '../core/logger';
import { keysPort } from '../core/ports/keys';
import { realtimePort } from '../core/ports/realtime';
import { schedulerPort } from '../core/ports/scheduler';
import { queues } from '../core/queues';
import { createRealtimeService } from '../realtime/realtime-service';
import { createGovernor } from '../safety/governor';
import { sleepWithinInvocation } from './invocation-sleep';
import { createProgressReporter } from './progress-reporter';
import type { RunContext } from './run-context';
import { runMetrics } from './run-metrics';
import { createTrobRunService } from './trob-run-service';

/** The run worker's wiring, built once per cold start. */
export const trobRuns = createTrobRunService({
  now: () => new Date(),
  scheduler: schedulerPort(),
  keys: keysPort(),
});

const realtime = createRealtimeService({ push: realtimePort() });

/** The context of one run message: its invocation's clock, the owner's live channel and the account's governor. */
export function runContext(
  log: Logger,
  lambda: Pick<Context, 'getRemainingTimeInMillis'>,
  receiveCount: number,
): RunContext {
  return {
    log,
    remainingMs: () => lambda.getRemainingTimeInMillis(),
    progressFor: (ownerId) =>
      createProgressReporter({
        publish: (progress) => realtime.publishJobProgress(ownerId, progress),
        onError: (error) => log.warn('progress push failed', { error }),
      }),
    governorFor: (account, platform, timeZone) =>
      createGovernor({
        account,
        platform,
        now: () => new Date(),
        pacingScale: env().PACING_SCALE,
        sleep: (ms) => sleepWithinInvocation(ms, () => lambda.getRemainingTimeInMillis()),
        ...(timeZone ? { timeZone } : {}),
      }),
    metrics: runMetrics,
    receiveCount,
    maxReceiveCount: queues['trob-runs'].maxReceiveCount,
  };
}
