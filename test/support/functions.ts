import { schedulerPort } from '../../functions/core/adapters/scheduler-adapter';
import { createLogger } from '../../functions/core/logger';
import { queuePort } from '../../functions/core/ports/queue';
import { createRunDispatchService } from '../../functions/engine/run-dispatch-service';
import { listUnsent } from '../../functions/jobs/job-state/unsent-repository';
import { RUN_KINDS } from '../../functions/workers/run-kinds';
import { runAs, stackFunction } from '../../scripts/local-cloud/function-runtime/runtime';
import { asStackFunction } from '../../scripts/local-cloud/lambda-runtime';
import { relayUnsentOnce } from '../../scripts/local-cloud/run-dispatch-relay';

/**
 * A handler run as its function of the synthesized stacks (its environment and role, nothing more), as the
 * local cloud runs it: tests that hand a worker its event themselves go through this, never the bare export.
 */
export const asFunction = <H extends (...args: never[]) => unknown>(entry: string, handler: H): H =>
  asStackFunction(entry, handler as unknown as (...args: unknown[]) => unknown) as unknown as H;

export const RUN_DISPATCHER_ENTRY = 'functions/workers/run-dispatcher.stream.ts';
export const RUN_WORKER_ENTRY = 'functions/workers/run.worker.ts';

/**
 * One pass of the run dispatch as the table stream makes it: the dispatcher's function gets the automations
 * on the unsent index. A record it fails (a message it could not send) fails the test, saying why.
 */
export async function dispatchUnsentRuns(): Promise<void> {
  const failed = await relayUnsentOnce();
  if (failed.length > 0) {
    throw new Error(
      `The run dispatcher could not send the run messages of ${failed.join(', ')}: ${await whyDispatchFails()}`,
    );
  }
}

/** The dispatch again, as the dispatcher's function, with its error lines kept (tests log nothing). */
async function whyDispatchFails(): Promise<string> {
  const errors = new Set<string>();
  const log = createLogger(
    {},
    {
      level: 'error',
      sink: (line) => {
        const entry = JSON.parse(line) as { error?: { name?: string; message?: string } };
        errors.add(entry.error ? `${entry.error.name}: ${entry.error.message}` : line);
      },
    },
  );
  await runAs(await stackFunction(RUN_DISPATCHER_ENTRY), async () => {
    const dispatch = createRunDispatchService({
      log,
      queue: queuePort(),
      scheduler: schedulerPort(),
      now: () => new Date(),
      kinds: RUN_KINDS,
    });
    for (const unsent of await listUnsent(new Date(Date.now() + 60_000).toISOString(), 100)) {
      await dispatch.dispatch(unsent);
    }
  });
  return [...errors].join('; ') || 'no error logged';
}

export const UNSENT_SWEEP_ENTRY = 'functions/workers/dispatch-unsent.task.ts';

/**
 * The minute's sweep of the unsent index (stalled jobs included) as its task's function runs it, with no
 * grace and the clock `msAfter` from now: what the task does a while later.
 */
export async function sweepUnsentAsTask(msAfter = 0) {
  return runAs(await stackFunction(UNSENT_SWEEP_ENTRY), () =>
    createRunDispatchService({
      log: createLogger({}, { level: 'silent' }),
      queue: queuePort(),
      scheduler: schedulerPort(),
      now: () => new Date(Date.now() + msAfter),
      kinds: RUN_KINDS,
    }).dispatchUnsent({ graceMs: 0 }),
  );
}
