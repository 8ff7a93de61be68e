import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { LocalScheduleStore } from '../../functions/core/adapters/local-scheduler';
import type { QueueName } from '../../functions/core/queues';

/**
 * Fires due schedules of the local scheduler: each due run is first claimed (a conditional update
 * moves it to its next time), then its payload is sent to the target queue, as EventBridge Scheduler
 * does with an SQS target.
 */
export function startSchedulerPoller(options: {
  store: LocalScheduleStore;
  client: SQSClient;
  queueUrls: Record<QueueName, string>;
  /** Whether the scheduler's role may send to the queue (the stacks' policy); every queue when absent. */
  mayTarget?: (queue: QueueName) => Promise<boolean>;
  intervalMs?: number;
  log?: (line: string) => void;
}): { stop(): Promise<void>; tick(): Promise<number> } {
  const log = options.log ?? (() => undefined);
  let running: Promise<number> | undefined;

  async function tick(): Promise<number> {
    const now = Date.now();
    let fired = 0;
    for (const schedule of await options.store.due(now)) {
      if (!(await options.store.advance(schedule, now))) continue;
      const url = options.queueUrls[schedule.target.queue];
      if (!url) {
        log(`[scheduler] ${schedule.name}: unknown target queue ${schedule.target.queue}`);
        continue;
      }
      if (options.mayTarget && !(await options.mayTarget(schedule.target.queue))) {
        // EventBridge Scheduler's delivery fails with AccessDenied, and after its retries the run is lost.
        log(`[scheduler] ${schedule.name}: the scheduler's role may not send to ${schedule.target.queue}`);
        continue;
      }
      await options.client.send(
        new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(schedule.payload) }),
      );
      fired++;
      log(`[scheduler] fired ${schedule.name} -> ${schedule.target.queue}`);
    }
    return fired;
  }

  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error) => {
        console.error('[scheduler] tick failed', error);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs ?? 1000);

  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
