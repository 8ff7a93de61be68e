import type { RunMessage } from '../../shared/run-messages';
import type { Logger } from '../core/logger';
import type { QueuePort } from '../core/ports/queue';
import { listUnsent, markQueued, type StoredAutomation } from './automation-repository';

/**
 * The run message that starts a trob's job: segment 0 for a new automation, the segment after the last
 * one run when it runs again (`queuedSegment`). A one-off trob's job is the automation's own.
 */
export const trobRunMessage = (
  automation: Pick<StoredAutomation, 'id' | 'userId' | 'queuedSegment'> & { jobId?: string },
): RunMessage => ({
  kind: 'trob-run',
  jobId: automation.jobId ?? automation.id,
  automationId: automation.id,
  userId: automation.userId,
  segment: automation.queuedSegment ?? 0,
});

/** An automation younger than this may still be in its start request's own send. */
export const UNSENT_GRACE_MS = 60_000;
const SWEEP_BATCH = 100;

/**
 * Run messages to the trob-runs queue: the start's own send (automation-service.ts) and the sweep of
 * the scheduled task dispatch-unsent-automations.
 */
export interface RunDispatchDeps {
  log: Logger;
  queue: QueuePort;
  now: () => Date;
}

export type RunDispatchService = ReturnType<typeof createRunDispatchService>;

export function createRunDispatchService({ log, queue, now }: RunDispatchDeps) {
  return { sendRun, dispatchUnsent };

  /** Sends the run message and takes the automation off the unsent index; a failure leaves it there. */
  async function sendRun(
    automation: Pick<StoredAutomation, 'id' | 'userId' | 'queuedSegment'>,
  ): Promise<boolean> {
    try {
      await queue.send('trob-runs', trobRunMessage(automation));
    } catch (error) {
      log.error('run message not sent; the sweep will send it', { automationId: automation.id, error });
      return false;
    }
    await markQueued(automation.userId, automation.id, now().toISOString());
    return true;
  }

  /**
   * The sweep: sends the run message of every automation stored at least UNSENT_GRACE_MS ago whose
   * message never reached the queue. The engine claims a run by its status, so a message sent twice
   * (the start's send succeeded but its mark failed) runs once.
   */
  async function dispatchUnsent(): Promise<{ sent: number; failed: number }> {
    const before = new Date(now().getTime() - UNSENT_GRACE_MS).toISOString();
    let sent = 0;
    let failed = 0;
    for (const unsent of await listUnsent(before, SWEEP_BATCH)) {
      if (await sendRun(unsent)) sent++;
      else failed++;
    }
    if (sent + failed > 0) log.info('unsent automations swept', { sent, failed });
    return { sent, failed };
  }
}
