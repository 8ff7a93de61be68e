import type { Context } from 'aws-lambda';
import { createPlatformSessions } from '../connections/platform-sessions';
import { keysPort } from '../core/adapters/keys-adapter';
import { schedulerPort } from '../core/adapters/scheduler-adapter';
import { env } from '../core/env';
import type { Logger } from '../core/logger';
import { realtimePort } from '../core/ports/realtime';
import { queues } from '../core/queues';
import { sleepWithinInvocation } from '../engine/invocation-sleep';
import { createProgressReporter } from '../engine/progress-reporter';
import type { RunContext } from '../engine/run-context';
import { runMetrics } from '../engine/run-metrics';
import { createRunService, type RunDeps } from '../engine/run-service';
import { createRealtimeService } from '../realtime/realtime-service';
import { createGovernor } from '../safety/governor';
import { RUN_KINDS } from './run-kinds';

/** The run service as the worker wires it: its kinds, the scheduler and the platform sessions (tests set margins). */
export function createRuns(overrides: Partial<RunDeps> = {}) {
  const now = () => new Date();
  return createRunService(
    {
      now,
      scheduler: schedulerPort(),
      sessions: createPlatformSessions({ keys: keysPort(), now }),
      ...overrides,
    },
    RUN_KINDS,
  );
}

/** The run worker's wiring, built once per cold start. */
export const runs = createRuns();

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
        publish: realtime.jobProgressPublisher(ownerId),
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
