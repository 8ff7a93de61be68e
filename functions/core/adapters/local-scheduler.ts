import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamo';
import { isConditionalCheckFailure } from '../dynamo-errors';
import { env, queueArn } from '../env';
import { asLocalService, authorizeLocal, LOCAL_ACCOUNT_ID } from '../local-runtime';
import type { SchedulerPort, ScheduleSpec } from '../ports/scheduler';
import { validateSpec } from '../ports/scheduler';
import { queueArnEnv, queueNames } from '../queues';
import { nextRunAfter } from '../schedule-next-run';

/**
 * The local stand-in for EventBridge Scheduler. Schedules live in their own DynamoDB Local table
 * (`<table>-local-schedules`, created by the local cloud) so they survive a restart; the local cloud's
 * poller fires the due ones (scripts/local-cloud/scheduler-poller.ts).
 */
export const localSchedulesTable = (tableName = env().TABLE_NAME) => `${tableName}-local-schedules`;

/** What EventBridge Scheduler keeps of a target besides the payload: where it goes and who delivers it. */
export interface ScheduleDelivery {
  /** The target queue's ARN, as the function's environment named it (QUEUE_ARN_*). */
  targetArn: string;
  /** The role the scheduler delivers with (the function's SCHEDULER_ROLE_ARN). */
  roleArn: string;
}

export interface StoredSchedule extends ScheduleSpec, Partial<ScheduleDelivery> {
  createdAt: number;
  /** Epoch ms of the next run; absent once a one-off schedule has fired. */
  nextRunAt?: number;
  lastRunAt?: number;
}

export function localScheduler(
  client = dynamo(),
  table = localSchedulesTable(),
): SchedulerPort & LocalScheduleStore {
  return {
    async put(spec, delivery?: ScheduleDelivery) {
      validateSpec(spec);
      const now = Date.now();
      const next = nextRunAfter(spec.expression, spec.timezone, new Date(now));
      const item: StoredSchedule = {
        ...spec,
        ...delivery,
        createdAt: now,
        ...(next ? { nextRunAt: next.getTime() } : {}),
      };
      await client.send(new PutCommand({ TableName: table, Item: item }));
    },
    async remove(name) {
      await client.send(new DeleteCommand({ TableName: table, Key: { name } }));
    },
    async stored(name) {
      const out = await client.send(new GetCommand({ TableName: table, Key: { name } }));
      return out.Item as StoredSchedule | undefined;
    },
    async get(name) {
      const out = await client.send(new GetCommand({ TableName: table, Key: { name } }));
      if (!out.Item) return undefined;
      const { name: n, expression, timezone, target, payload } = out.Item as StoredSchedule;
      return { name: n, expression, timezone, target, payload };
    },
    async due(now) {
      // A scan is fine here: this table exists only on the local cloud and holds a handful of items.
      const out = await client.send(
        new ScanCommand({
          TableName: table,
          FilterExpression: 'nextRunAt <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return (out.Items ?? []) as StoredSchedule[];
    },
    async advance(schedule, firedAt) {
      const next = nextRunAfter(
        schedule.expression,
        schedule.timezone,
        new Date(firedAt),
        new Date(schedule.createdAt),
      );
      try {
        if (!next) {
          // A one-off schedule is deleted after it fires, like ActionAfterCompletion DELETE.
          await client.send(
            new DeleteCommand({
              TableName: table,
              Key: { name: schedule.name },
              ConditionExpression: 'nextRunAt = :seen',
              ExpressionAttributeValues: { ':seen': schedule.nextRunAt },
            }),
          );
        } else {
          await client.send(
            new UpdateCommand({
              TableName: table,
              Key: { name: schedule.name },
              UpdateExpression: 'SET nextRunAt = :next, lastRunAt = :fired',
              ConditionExpression: 'nextRunAt = :seen',
              ExpressionAttributeValues: {
                ':next': next.getTime(),
                ':fired': firedAt,
                ':seen': schedule.nextRunAt,
              },
            }),
          );
        }
        return true;
      } catch (error) {
        // Another poller claimed this run, or the schedule changed meanwhile: do not fire twice.
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },
  };
}

/**
 * The scheduler port of a function on the local cloud: what EventBridge Scheduler checks of the caller
 * (its role may manage schedules of the group and pass the schedules' role; the target queue's ARN comes
 * from its env, as the AWS adapter's does), then the local store, reached as the service reaches it.
 */
export function localSchedulerPort(options: {
  group: string;
  roleArn: string;
  region: string;
}): SchedulerPort {
  const scheduleArn = (name: string) =>
    `arn:aws:scheduler:${options.region}:${LOCAL_ACCOUNT_ID}:schedule/${options.group}/${name}`;
  return {
    async put(spec) {
      validateSpec(spec);
      const targetArn = queueArn(spec.target.queue);
      // As the AWS adapter: create, or update the schedule that exists.
      const exists = await asLocalService(() => localScheduler().stored(spec.name));
      await authorizeLocal({
        action: exists ? 'scheduler:UpdateSchedule' : 'scheduler:CreateSchedule',
        resource: scheduleArn(spec.name),
      });
      await authorizeLocal({
        action: 'iam:PassRole',
        resource: options.roleArn,
        context: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
      });
      await asLocalService(() => localScheduler().put(spec, { targetArn, roleArn: options.roleArn }));
    },
    async remove(name) {
      await authorizeLocal({ action: 'scheduler:DeleteSchedule', resource: scheduleArn(name) });
      await asLocalService(() => localScheduler().remove(name));
    },
    async get(name) {
      await authorizeLocal({ action: 'scheduler:GetSchedule', resource: scheduleArn(name) });
      const stored = await asLocalService(() => localScheduler().stored(name));
      if (!stored) return undefined;
      // As the AWS adapter: the target is known by its ARN, among the queues this function's env names.
      const queue = stored.targetArn
        ? queueNames.find((q) => process.env[queueArnEnv(q)] === stored.targetArn)
        : stored.target.queue;
      if (!queue) return undefined;
      const { name: n, expression, timezone, payload } = stored;
      return { name: n, expression, timezone, target: { queue }, payload };
    },
  };
}

export interface LocalScheduleStore {
  /** Keeps the schedule with its delivery (a function's port gives it; the service's own tests may not). */
  put(spec: ScheduleSpec, delivery?: ScheduleDelivery): Promise<void>;
  /** The schedule as kept, its delivery included. */
  stored(name: string): Promise<StoredSchedule | undefined>;
  due(now: number): Promise<StoredSchedule[]>;
  /** Claims the run seen in `schedule` and moves it to its next time; false when someone else did. */
  advance(schedule: StoredSchedule, firedAt: number): Promise<boolean>;
}
