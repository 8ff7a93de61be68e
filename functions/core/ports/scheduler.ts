import type { QueueName } from '../queues';
import { isKnownTimeZone, parseScheduleExpression } from '../schedule-expression';

/**
 * Scheduler port: EventBridge Scheduler in AWS (adapters/eventbridge-scheduler.ts), a poller over
 * DynamoDB Local on the local cloud (adapters/local-scheduler.ts), chosen where a function is wired
 * (adapters/scheduler-adapter.ts). A schedule sends its payload to one of our queues when due; the
 * queue's worker does the work, so retries and dead letters come from the queue in both runtimes.
 */
export interface ScheduleSpec {
  /** Unique within the app's schedule group: letters, digits, '-', '_', '.'; at most 64. */
  name: string;
  /** rate(...), cron(...) or at(...), EventBridge syntax. */
  expression: string;
  /** IANA zone the expression is read in. */
  timezone: string;
  target: { queue: QueueName };
  payload: unknown;
}

export interface SchedulerPort {
  put(spec: ScheduleSpec): Promise<void>;
  remove(name: string): Promise<void>;
  get(name: string): Promise<ScheduleSpec | undefined>;
}

export function validateSpec(spec: ScheduleSpec): void {
  if (!/^[0-9a-zA-Z._-]{1,64}$/.test(spec.name)) throw new Error(`Invalid schedule name '${spec.name}'`);
  parseScheduleExpression(spec.expression);
  if (!isKnownTimeZone(spec.timezone)) throw new Error(`Unknown time zone '${spec.timezone}'`);
}
