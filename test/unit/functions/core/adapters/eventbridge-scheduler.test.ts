import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBridgeScheduler } from '../../../../../functions/core/adapters/eventbridge-scheduler';
import { ValidationError } from '../../../../../functions/core/errors';
import type { ScheduleSpec } from '../../../../../functions/core/ports/scheduler';
import { recordingClient, type SentCommand } from '../../../support/recording-client';

const FLOW_RUNS_ARN = 'arn:aws:sqs:us-east-1:111122223333:trobly-dev-flow-runs';
const TROB_RUNS_ARN = 'arn:aws:sqs:us-east-1:111122223333:trobly-dev-trob-runs';
const options = { group: 'trobly-dev', roleArn: 'arn:aws:iam::111122223333:role/scheduler' };

const spec = (overrides: Partial<ScheduleSpec> = {}): ScheduleSpec => ({
  name: 'flow-42',
  expression: 'cron(0 9 ? * MON-FRI *)',
  timezone: 'Europe/Paris',
  target: { queue: 'flow-runs' },
  payload: { flowId: '42', userId: 'u-1' },
  ...overrides,
});

// The SDK's own exception classes, as the client throws them (Message is the service's field).
const conflict = (message: string) => new ConflictException({ message, Message: message, $metadata: {} });
const notFound = () =>
  new ResourceNotFoundException({ message: 'not found', Message: 'not found', $metadata: {} });

beforeEach(() => {
  vi.stubEnv('QUEUE_ARN_FLOW_RUNS', FLOW_RUNS_ARN);
  vi.stubEnv('QUEUE_ARN_TROB_RUNS', TROB_RUNS_ARN);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('eventBridgeScheduler.put', () => {
  it('creates the schedule in the group, in its time zone, targeting the queue ARN with the payload', async () => {
    const scheduler = recordingClient<SchedulerClient>();
    await eventBridgeScheduler(options, scheduler.client).put(spec());
    expect(scheduler.sent).toHaveLength(1);
    expect(scheduler.sent[0]).toBeInstanceOf(CreateScheduleCommand);
    expect(scheduler.sent[0]!.input).toEqual({
      Name: 'flow-42',
      GroupName: 'trobly-dev',
      ScheduleExpression: 'cron(0 9 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'Europe/Paris',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'NONE',
      Target: {
        Arn: FLOW_RUNS_ARN,
        RoleArn: options.roleArn,
        Input: JSON.stringify({ flowId: '42', userId: 'u-1' }),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
      },
    });
  });

  it('updates the schedule when creating it conflicts with an existing one', async () => {
    const scheduler = recordingClient<SchedulerClient>((command: SentCommand) => {
      if (command instanceof CreateScheduleCommand) {
        throw conflict('exists');
      }
      return {};
    });
    await eventBridgeScheduler(options, scheduler.client).put(spec({ expression: 'rate(1 hour)' }));
    expect(scheduler.sent).toHaveLength(2);
    expect(scheduler.sent[0]).toBeInstanceOf(CreateScheduleCommand);
    expect(scheduler.sent[1]).toBeInstanceOf(UpdateScheduleCommand);
    expect(scheduler.sent[1]!.input).toEqual(scheduler.sent[0]!.input);
    expect(scheduler.sent[1]!.input).toMatchObject({ Name: 'flow-42', ScheduleExpression: 'rate(1 hour)' });
  });

  it('lets any other create failure reach the caller without updating', async () => {
    const scheduler = recordingClient<SchedulerClient>(() => {
      throw new Error('AccessDeniedException');
    });
    await expect(eventBridgeScheduler(options, scheduler.client).put(spec())).rejects.toThrow(
      'AccessDeniedException',
    );
    expect(scheduler.sent).toHaveLength(1);
  });

  it('asks a one-off at() schedule to delete itself after it runs', async () => {
    const scheduler = recordingClient<SchedulerClient>();
    await eventBridgeScheduler(options, scheduler.client).put(
      spec({ expression: 'at(2027-12-01T09:30:00)' }),
    );
    expect(scheduler.sent[0]!.input).toMatchObject({ ActionAfterCompletion: 'DELETE' });
  });

  it('targets the ARN of the queue the spec names', async () => {
    const scheduler = recordingClient<SchedulerClient>();
    await eventBridgeScheduler(options, scheduler.client).put(spec({ target: { queue: 'trob-runs' } }));
    expect(scheduler.sent[0]!.input).toMatchObject({ Target: { Arn: TROB_RUNS_ARN } });
  });

  it.each(['rate(1 minutes)', 'cron(0 9 * * MON *)', 'every day at nine'])(
    'refuses the invalid expression %s before any call',
    async (expression) => {
      const scheduler = recordingClient<SchedulerClient>();
      await expect(eventBridgeScheduler(options, scheduler.client).put(spec({ expression }))).rejects.toThrow(
        ValidationError,
      );
      expect(scheduler.sent).toEqual([]);
    },
  );

  it.each(['', 'has space', 'slash/name', 'x'.repeat(65)])(
    'refuses the invalid name %j before any call',
    async (name) => {
      const scheduler = recordingClient<SchedulerClient>();
      await expect(eventBridgeScheduler(options, scheduler.client).put(spec({ name }))).rejects.toThrow(
        /^Invalid schedule name/,
      );
      expect(scheduler.sent).toEqual([]);
    },
  );

  it('accepts a 64-character name of letters, digits, dot, dash and underscore', async () => {
    const scheduler = recordingClient<SchedulerClient>();
    const name = `a.b-c_${'9'.repeat(58)}`;
    await eventBridgeScheduler(options, scheduler.client).put(spec({ name }));
    expect(scheduler.sent[0]!.input).toMatchObject({ Name: name });
  });

  it('throws naming the env var when the target queue ARN is not set, before any call', async () => {
    vi.stubEnv('QUEUE_ARN_FLOW_RUNS', '');
    const scheduler = recordingClient<SchedulerClient>();
    await expect(eventBridgeScheduler(options, scheduler.client).put(spec())).rejects.toThrow(
      'QUEUE_ARN_FLOW_RUNS is not set',
    );
    expect(scheduler.sent).toEqual([]);
  });
});

describe('eventBridgeScheduler.remove', () => {
  it('deletes the schedule from the group', async () => {
    const scheduler = recordingClient<SchedulerClient>();
    await eventBridgeScheduler(options, scheduler.client).remove('flow-42');
    expect(scheduler.sent[0]).toBeInstanceOf(DeleteScheduleCommand);
    expect(scheduler.sent[0]!.input).toEqual({ Name: 'flow-42', GroupName: 'trobly-dev' });
  });

  it('treats a schedule that does not exist as removed', async () => {
    const scheduler = recordingClient<SchedulerClient>(() => {
      throw notFound();
    });
    await expect(eventBridgeScheduler(options, scheduler.client).remove('flow-42')).resolves.toBeUndefined();
  });

  it('lets any other delete failure reach the caller', async () => {
    const scheduler = recordingClient<SchedulerClient>(() => {
      throw conflict('busy');
    });
    await expect(eventBridgeScheduler(options, scheduler.client).remove('flow-42')).rejects.toThrow('busy');
  });
});

describe('eventBridgeScheduler.get', () => {
  it('reads a schedule back, mapping the target ARN to the queue name', async () => {
    const scheduler = recordingClient<SchedulerClient>(() => ({
      Name: 'flow-42',
      ScheduleExpression: 'rate(5 minutes)',
      ScheduleExpressionTimezone: 'Europe/Paris',
      Target: { Arn: TROB_RUNS_ARN, RoleArn: options.roleArn, Input: '{"flowId":"42"}' },
    }));
    await expect(eventBridgeScheduler(options, scheduler.client).get('flow-42')).resolves.toEqual({
      name: 'flow-42',
      expression: 'rate(5 minutes)',
      timezone: 'Europe/Paris',
      target: { queue: 'trob-runs' },
      payload: { flowId: '42' },
    });
    expect(scheduler.sent[0]).toBeInstanceOf(GetScheduleCommand);
    expect(scheduler.sent[0]!.input).toEqual({ Name: 'flow-42', GroupName: 'trobly-dev' });
  });

  it('reads a schedule without a time zone as UTC', async () => {
    const scheduler = recordingClient<SchedulerClient>(() => ({
      ScheduleExpression: 'rate(5 minutes)',
      Target: { Arn: FLOW_RUNS_ARN, RoleArn: options.roleArn },
    }));
    await expect(eventBridgeScheduler(options, scheduler.client).get('flow-42')).resolves.toMatchObject({
      timezone: 'UTC',
      target: { queue: 'flow-runs' },
      payload: undefined,
    });
  });

  it('returns undefined for a schedule that targets none of our queues', async () => {
    const scheduler = recordingClient<SchedulerClient>(() => ({
      ScheduleExpression: 'rate(5 minutes)',
      Target: { Arn: 'arn:aws:sqs:us-east-1:111122223333:someone-elses-queue', RoleArn: options.roleArn },
    }));
    await expect(eventBridgeScheduler(options, scheduler.client).get('flow-42')).resolves.toBeUndefined();
  });

  it('returns undefined for a schedule that does not exist', async () => {
    const scheduler = recordingClient<SchedulerClient>(() => {
      throw notFound();
    });
    await expect(eventBridgeScheduler(options, scheduler.client).get('flow-42')).resolves.toBeUndefined();
  });
});
