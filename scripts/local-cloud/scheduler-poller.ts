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
  queueArns: Record<QueueName, string>;
  /**
   * Whether the schedule's role may deliver to its target (runtime.ts schedulerMayDeliver: the role the
   * function passed, trusted by the scheduler, allowed to send there).
   */
  mayDeliver: (delivery: { roleArn?: string; queueArn: string }) => Promise<boolean>;
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
      // Delivered by the target's ARN, as EventBridge Scheduler does (a schedule kept without one names
      // its queue: the service's own tests).
      const queueArn = schedule.targetArn ?? options.queueArns[schedule.target.queue];
      const queue = (Object.keys(options.queueArns) as QueueName[]).find(
        (q) => options.queueArns[q] === queueArn,
      );
      const url = queue ? options.queueUrls[queue] : undefined;
      if (!url || !queueArn) {
        log(`[scheduler] ${schedule.name}: no queue ${queueArn ?? schedule.target.queue}`);
        continue;
      }
      if (
        !(await options.mayDeliver({ ...(schedule.roleArn ? { roleArn: schedule.roleArn } : {}), queueArn }))
      ) {
        // EventBridge Scheduler's delivery fails with AccessDenied, and after its retries the run is lost.
        log(`[scheduler] ${schedule.name}: its role may not send to ${queueArn}`);
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
