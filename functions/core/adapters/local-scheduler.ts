import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamo';
import { isConditionalCheckFailure } from '../dynamo-errors';
import { env, queueArn } from '../env';
import { asLocalService, authorizeLocal, LOCAL_ACCOUNT_ID } from '../local-runtime';
import type { SchedulerPort, ScheduleSpec } from '../ports/scheduler';
import { validateSpec } from '../ports/scheduler';
import { nextRunAfter } from '../schedule-next-run';

/**
 * The local stand-in for EventBridge Scheduler. Schedules live in their own DynamoDB Local table
 * (`<table>-local-schedules`, created by the local cloud) so they survive a restart; the local cloud's
 * poller fires the due ones (scripts/local-cloud/scheduler-poller.ts).
 */
export const localSchedulesTable = (tableName = env().TABLE_NAME) => `${tableName}-local-schedules`;

export interface StoredSchedule extends ScheduleSpec {
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
    async put(spec) {
      validateSpec(spec);
      const now = Date.now();
      const next = nextRunAfter(spec.expression, spec.timezone, new Date(now));
      const item: StoredSchedule = {
        ...spec,
        createdAt: now,
        ...(next ? { nextRunAt: next.getTime() } : {}),
      };
      await client.send(new PutCommand({ TableName: table, Item: item }));
    },
    async remove(name) {
      await client.send(new DeleteCommand({ TableName: table, Key: { name } }));
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
      queueArn(spec.target.queue);
      await authorizeLocal({ action: 'scheduler:CreateSchedule', resource: scheduleArn(spec.name) });
      await authorizeLocal({
        action: 'iam:PassRole',
        resource: options.roleArn,
        context: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
      });
      await asLocalService(() => localScheduler().put(spec));
    },
    async remove(name) {
      await authorizeLocal({ action: 'scheduler:DeleteSchedule', resource: scheduleArn(name) });
      await asLocalService(() => localScheduler().remove(name));
    },
    async get(name) {
      await authorizeLocal({ action: 'scheduler:GetSchedule', resource: scheduleArn(name) });
      return asLocalService(() => localScheduler().get(name));
    },
  };
}

export interface LocalScheduleStore {
  due(now: number): Promise<StoredSchedule[]>;
  /** Claims the run seen in `schedule` and moves it to its next time; false when someone else did. */
  advance(schedule: StoredSchedule, firedAt: number): Promise<boolean>;
}
