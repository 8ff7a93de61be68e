import type { Logger } from '../core/logger';
import type { QueuePort } from '../core/ports/queue';
import type { SchedulerPort } from '../core/ports/scheduler';
import { delayUntil } from '../core/queues';
import {
  listUnsent,
  markLostWakeUpsUnsent,
  markQueued,
  markStalledRunsUnsent,
  stillUnsent,
  stillUnsentOfImage,
  type UnsentAutomation,
} from '../jobs/job-state';
import type { RunKinds } from './run-kind';

/**
 * How old an unsent automation is before the timer's sweep takes it: the stream's dispatch (or, on the
 * local cloud, the relay) normally sends it well within that.
 */
export const UNSENT_GRACE_MS = 60_000;
/**
 * How long after its lease ended a running job with no worker is taken over by the sweep. A message that
 * met the lease comes back a second after it ends (run-service.ts); this is for one that is gone.
 */
export const STALLED_GRACE_MS = 2 * 60_000;
const SWEEP_BATCH = 100;

/**
 * The run dispatch, the one sender of run messages. The API routes only write: a start, a run again and
 * a resume (by the user or after a re-sync) put the automation on the unsent index in the same write as
 * its status. The table's stream hands this dispatch each automation marked unsent
 * (workers/run-dispatcher.stream.ts; the local cloud's relay polls the index instead), and a timer sweeps
 * what is still unsent a minute later (workers/dispatch-unsent.task.ts), stalled jobs included. A job's
 * kind names its queue and message, and the schedule a job that starts puts first.
 */
export interface RunDispatchDeps {
  log: Logger;
  queue: Pick<QueuePort, 'send'>;
  scheduler: Pick<SchedulerPort, 'put'>;
  now: () => Date;
  /** The kinds of job (functions/workers/run-kinds.ts): the queue, message and schedule of each. */
  kinds: Pick<RunKinds, 'automation'>;
}

export type RunDispatchService = ReturnType<typeof createRunDispatchService>;

export function createRunDispatchService({ log, queue, scheduler, now, kinds }: RunDispatchDeps) {
  return { dispatch, dispatchImage, dispatchUnsent };

  /**
   * Sends the run message of a pending automation (a recurring one's schedule first: a tick that finds no
   * finished job does nothing, while an automation without its schedule would never run again), or of a
   * stalled running one (its segment again, claimable once its lease ended), then takes it off the
   * unsent index. One paused or cancelled before its dispatch is only taken off, and one another dispatch
   * already took off is left alone (a stream record delivered again). False, and left on the index for
   * the next try, when a send fails.
   */
  async function dispatch(seen: UnsentAutomation): Promise<boolean> {
    return send(await stillUnsent(seen));
  }

  /**
   * The same for a table stream's new image (workers/run-dispatcher.stream.ts): what put an automation on
   * the unsent index. An image of anything else, or of one already taken off, has nothing to send.
   */
  async function dispatchImage(image: Record<string, unknown>): Promise<boolean> {
    return send(await stillUnsentOfImage(image));
  }

  async function send(unsent: UnsentAutomation | undefined): Promise<boolean> {
    if (!unsent) return true;
    if (unsent.status === 'pending' || unsent.status === 'running') {
      try {
        const kind = kinds.automation(unsent.kind);
        const { message, startSchedule } = kind.outgoing(unsent, now());
        // A job that starts or resumes (pending): its kind's schedule first, if it has one.
        if (unsent.status === 'pending' && startSchedule) await scheduler.put(startSchedule);
        const delaySeconds = delayUntil(unsent.sendAt, now());
        await queue.send(kind.queue, message, delaySeconds ? { delaySeconds } : undefined);
      } catch (error) {
        log.error('run message not sent; it stays unsent for the next try', {
          automationId: unsent.id,
          error,
        });
        return false;
      }
    }
    await markQueued(unsent.workspaceId, unsent.id, now().toISOString(), unsent.unsentSort);
    return true;
  }

  /**
   * Sends every automation marked unsent at least `graceMs` ago. The engine claims a run by its status
   * and segment, so a message sent twice (by the stream and the sweep, or a send whose mark failed) runs once.
   */
  async function dispatchUnsent(
    { graceMs }: { graceMs: number } = { graceMs: UNSENT_GRACE_MS },
  ): Promise<{ sent: number; failed: number; stalled: number; woken: number }> {
    const at = now();
    const before = new Date(at.getTime() - graceMs).toISOString();
    const stalledBefore = new Date(at.getTime() - STALLED_GRACE_MS).toISOString();
    // Jobs a stopped worker left running, with nothing queued to take them over: back on the index.
    const stalled = await markStalledRunsUnsent(stalledBefore, SWEEP_BATCH, at.toISOString());
    // Jobs whose wait ended a grace ago with no claim: their delayed message was lost (issue 35 point 2).
    const woken = await markLostWakeUpsUnsent(stalledBefore, SWEEP_BATCH);
    let sent = 0;
    let failed = 0;
    for (const unsent of await listUnsent(before, SWEEP_BATCH)) {
      if (await dispatch(unsent)) sent++;
      else failed++;
    }
    if (sent + failed + stalled + woken > 0)
      log.info('unsent automations dispatched', { sent, failed, stalled, woken });
    return { sent, failed, stalled, woken };
  }
}
