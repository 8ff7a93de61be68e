import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { localSchedulerPort } from '../adapters/local-scheduler';
import { schedulerClient } from '../clients/scheduler';
import { env, queueArn } from '../env';
import { perFunction } from '../local-runtime';
import { type QueueName, queueArnEnv, queueNames } from '../queues';
import { isKnownTimeZone, parseScheduleExpression } from '../schedule-expression';

/**
 * Scheduler port: EventBridge Scheduler in AWS, a poller over DynamoDB Local on the local cloud.
 * A schedule sends its payload to one of our queues when due; the queue's worker does the work, so
 * retries and dead letters come from the queue in both runtimes.
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

export function eventBridgeScheduler(
  options: { group: string; roleArn: string },
  client: SchedulerClient = schedulerClient(),
): SchedulerPort {
  const input = (spec: ScheduleSpec) => ({
    Name: spec.name,
    GroupName: options.group,
    ScheduleExpression: spec.expression,
    ScheduleExpressionTimezone: spec.timezone,
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    // One-off schedules clean up after themselves, as the local scheduler does.
    ActionAfterCompletion: spec.expression.startsWith('at(') ? ('DELETE' as const) : ('NONE' as const),
    Target: {
      Arn: queueArn(spec.target.queue),
      RoleArn: options.roleArn,
      Input: JSON.stringify(spec.payload),
      RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
    },
  });
  return {
    async put(spec) {
      validateSpec(spec);
      try {
        await client.send(new CreateScheduleCommand(input(spec)));
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error;
        await client.send(new UpdateScheduleCommand(input(spec)));
      }
    },
    async remove(name) {
      try {
        await client.send(new DeleteScheduleCommand({ Name: name, GroupName: options.group }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
    async get(name) {
      try {
        const out = await client.send(new GetScheduleCommand({ Name: name, GroupName: options.group }));
        const queue = queueNames.find((q) => process.env[queueArnEnv(q)] === out.Target?.Arn);
        if (!out.ScheduleExpression || !queue) return undefined;
        return {
          name,
          expression: out.ScheduleExpression,
          timezone: out.ScheduleExpressionTimezone ?? 'UTC',
          target: { queue },
          payload: out.Target?.Input ? JSON.parse(out.Target.Input) : undefined,
        };
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
    },
  };
}

/**
 * The scheduler port to build services with: the adapter is chosen on first use (as the key port's), so
 * a wiring built when its module loads reads no scheduler setting until a schedule is touched. Both
 * runtimes need the group and the role the stacks give (lib/grants.ts, 'scheduler').
 */
export function schedulerPort(): SchedulerPort {
  return {
    put: (spec) => chosen.get().put(spec),
    remove: (name) => chosen.get().remove(name),
    get: (name) => chosen.get().get(name),
  };
}

const chosen = perFunction((): SchedulerPort => {
  const e = env();
  if (!e.SCHEDULE_GROUP || !e.SCHEDULER_ROLE_ARN)
    throw new Error('Invalid environment: SCHEDULE_GROUP and SCHEDULER_ROLE_ARN must be set');
  const options = { group: e.SCHEDULE_GROUP, roleArn: e.SCHEDULER_ROLE_ARN };
  // Written out, not e.APP_RUNTIME: deployed bundles drop the local scheduler and croner (see env.ts).
  if (process.env.APP_RUNTIME === 'local') return localSchedulerPort({ ...options, region: e.AWS_REGION });
  return eventBridgeScheduler(options);
});
