import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { schedulerClient } from '../clients/scheduler';
import { queueArn } from '../env';
import { type SchedulerPort, type ScheduleSpec, validateSpec } from '../ports/scheduler';
import { queueArnEnv, queueNames } from '../queues';

/** The scheduler port on EventBridge Scheduler: one schedule per spec in the stage's group. */
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
