import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  DEAD_LETTER_RETENTION_SECONDS,
  deadLetterQueueName,
  type QueueDefinition,
  type QueueName,
  queues as queueDefinitions,
  queueNames,
} from '../functions/core/queues';
import { keys } from '../functions/core/table';
import type { Capability } from '../functions/routes';
import { RUN_DISPATCH_NEEDS, scheduledTasks, taskFile } from '../functions/scheduled-tasks';
import { AppFunction } from './constructs/app-function';
import { chromiumFunctionProps } from './constructs/chromium-bundling';
import type { DataStack } from './data-stack';
import { grantCapabilities, type SchedulerTarget } from './grants';
import { constructIdFor } from './names';
import { fromRoot } from './paths';
import type { RealtimeStack } from './realtime-stack';
import { removalPolicyFor } from './stage';

/**
 * What every Chromium worker may touch besides the table: decrypt the account's session cookies, push
 * jobProgress to the browser, stream from the model (a flow's run scores prospects and writes its texts),
 * and set when a failed message of the queues that feed it comes back ('queue-retry:'; it sends none: a
 * long run continues through the unsent index and the run dispatch). A 'light' consumer gets its queue's
 * `needs` instead (functions/core/queues.ts).
 */
export const WORKER_NEEDS: readonly Capability[] = ['keys', 'realtime-push', 'ai-model'];

/** The queues EventBridge Scheduler targets (flow runs, recurring trob runs): the only ones its role may send to. */
export const SCHEDULED_QUEUES: readonly QueueName[] = ['flow-runs', 'trob-runs'];

export const workerFile = (consumer: string): string => `functions/${consumer}.worker.ts`;
export const streamConsumerFile = (consumer: string): string => `functions/${consumer}.stream.ts`;

/** The table stream's consumer: the run dispatcher (functions/engine/run-dispatch-service.ts). */
export const RUN_DISPATCHER = 'workers/run-dispatcher';

/** Lambda's event filter: only new images that carry the unsent index's key reach the dispatcher. */
export const UNSENT_STREAM_FILTER = {
  dynamodb: { NewImage: { gsi1pk: { S: FilterRule.isEqual(keys.unsentAutomations.pk) } } },
};

export interface WorkersStackProps extends StackProps {
  readonly stage: string;
  readonly data: DataStack;
  readonly realtime: RealtimeStack;
  readonly publicAppUrl?: string;
  /** SES sender of the mail worker. */
  readonly mailFrom?: string;
}

/** The queues, their dead-letter queues and alarms, the workers, and the scheduler's group and role. */
export class WorkersStack extends Stack {
  readonly queues = {} as Record<QueueName, sqs.Queue>;
  readonly deadLetterQueues = {} as Record<QueueName, sqs.Queue>;
  readonly workers = new Map<string, AppFunction>();
  readonly tasks = new Map<string, AppFunction>();
  readonly streamConsumers = new Map<string, AppFunction>();
  readonly scheduleGroup: scheduler.ScheduleGroup;
  readonly schedulerRole: iam.Role;
  readonly schedulerTarget: SchedulerTarget;

  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    super(scope, id, props);
    const { stage, data, realtime } = props;
    const removalPolicy = removalPolicyFor(stage);

    for (const name of queueNames) {
      const def = queueDefinitions[name];
      const baseId = constructIdFor(name);
      const dlq = new sqs.Queue(this, `${baseId}DeadLetterQueue`, {
        queueName: `${stage}-${deadLetterQueueName(name)}`,
        retentionPeriod: Duration.seconds(DEAD_LETTER_RETENTION_SECONDS),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        removalPolicy,
      });
      this.queues[name] = new sqs.Queue(this, `${baseId}Queue`, {
        queueName: `${stage}-${name}`,
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        retentionPeriod: Duration.seconds(def.retentionSeconds),
        // SQS-managed keys: producers (API functions, the scheduler role) need no kms grant to send.
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
        removalPolicy,
      });
      this.deadLetterQueues[name] = dlq;
      new cloudwatch.Alarm(this, `${baseId}DeadLetterAlarm`, {
        alarmName: `${stage}-${deadLetterQueueName(name)}-not-empty`,
        alarmDescription: `A ${name} message failed ${def.maxReceiveCount} times and waits in ${stage}-${deadLetterQueueName(name)}`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }

    // One function per distinct consumer, fed by every queue that names it.
    const byConsumer = new Map<string, QueueDefinition[]>();
    for (const name of queueNames) {
      const def = queueDefinitions[name];
      byConsumer.set(def.consumer, [...(byConsumer.get(def.consumer) ?? []), def]);
    }
    for (const [consumer, defs] of byConsumer) {
      const timeoutSeconds = Math.max(...defs.map((d) => d.consumerTimeoutSeconds));
      for (const d of defs) {
        if (d.visibilityTimeoutSeconds < timeoutSeconds) {
          throw new Error(`Queue ${d.name}: visibility timeout is shorter than ${consumer}'s timeout`);
        }
      }
      const profiles = new Set(defs.map((d) => d.profile));
      if (profiles.size > 1) throw new Error(`${consumer} is fed by queues of different profiles`);
      const chromium = profiles.has('chromium');
      const worker = new AppFunction(this, constructIdFor(consumer), {
        stage,
        entry: fromRoot(workerFile(consumer)),
        description: `Trobly ${stage} worker ${consumer} (${defs.map((d) => d.name).join(', ')})`,
        timeout: Duration.seconds(timeoutSeconds),
        ...(chromium ? chromiumFunctionProps() : {}),
      });
      const needs: Capability[] = chromium
        ? [...WORKER_NEEDS, ...defs.map((d) => `queue-retry:${d.name}` as Capability)]
        : defs.flatMap((d) => d.needs ?? []);
      grantCapabilities(worker, needs, {
        table: data.table,
        queues: this.queues,
        cookieKey: data.cookieKey,
        realtime: realtime.target,
        publicAppUrl: props.publicAppUrl,
        mailFrom: props.mailFrom,
      });
      for (const d of defs) {
        worker.fn.addEventSource(
          new SqsEventSource(this.queues[d.name], { batchSize: d.batchSize, reportBatchItemFailures: true }),
        );
      }
      this.workers.set(consumer, worker);
    }

    this.scheduleGroup = new scheduler.ScheduleGroup(this, 'ScheduleGroup', {
      scheduleGroupName: `${stage}-trobly`,
      removalPolicy,
    });
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: `EventBridge Scheduler of Trobly ${stage}: sends due runs to ${SCHEDULED_QUEUES.map((q) => `${stage}-${q}`).join(', ')}`,
      // Confused-deputy guard: only this account's schedules may use the role.
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    });
    this.schedulerRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: SCHEDULED_QUEUES.map((q) => this.queues[q].queueArn),
      }),
    );
    this.schedulerTarget = {
      groupName: this.scheduleGroup.scheduleGroupName,
      role: this.schedulerRole,
      targetQueues: Object.fromEntries(SCHEDULED_QUEUES.map((q) => [q, this.queues[q]])),
    };

    // The run dispatcher: the table's stream, only new images of automations on the unsent index.
    // A recurring automation that pauses itself after three failed runs takes its schedule away.
    const runner = this.workers.get(queueDefinitions['trob-runs'].consumer);
    if (runner)
      grantCapabilities(runner, ['scheduler'], {
        table: data.table,
        queues: this.queues,
        scheduler: this.schedulerTarget,
        publicAppUrl: props.publicAppUrl,
      });

    const dispatcher = new AppFunction(this, constructIdFor(RUN_DISPATCHER), {
      stage,
      entry: fromRoot(streamConsumerFile(RUN_DISPATCHER)),
      description: `Trobly ${stage} stream consumer ${RUN_DISPATCHER} (unsent runs)`,
      timeout: Duration.seconds(30),
    });
    grantCapabilities(dispatcher, RUN_DISPATCH_NEEDS, {
      table: data.table,
      queues: this.queues,
      scheduler: this.schedulerTarget,
      publicAppUrl: props.publicAppUrl,
    });
    dispatcher.fn.addEventSource(
      new DynamoEventSource(data.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(0),
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        // A record that keeps failing gives way after this; the sweep sends its automation later.
        retryAttempts: 5,
        filters: [FilterCriteria.filter(UNSENT_STREAM_FILTER)],
      }),
    );
    this.streamConsumers.set(RUN_DISPATCHER, dispatcher);

    // Housekeeping on a timer: one small function and one rate rule per row of functions/scheduled-tasks.ts.
    for (const task of scheduledTasks) {
      const fn = new AppFunction(this, constructIdFor(`task-${task.name}`), {
        stage,
        entry: fromRoot(taskFile(task.handler)),
        description: `Trobly ${stage} task ${task.name} (every ${task.everyMinutes} min)`,
        timeout: Duration.seconds(50),
      });
      grantCapabilities(fn, task.needs ?? [], {
        table: data.table,
        queues: this.queues,
        cookieKey: data.cookieKey,
        realtime: realtime.target,
        publicAppUrl: props.publicAppUrl,
        scheduler: this.schedulerTarget,
      });
      new events.Rule(this, constructIdFor(`task-${task.name}-rule`), {
        description: `Runs ${task.name} every ${task.everyMinutes} min`,
        schedule: events.Schedule.rate(Duration.minutes(task.everyMinutes)),
        targets: [new targets.LambdaFunction(fn.fn, { retryAttempts: 0 })],
      });
      this.tasks.set(task.name, fn);
    }

    for (const name of queueNames) {
      new CfnOutput(this, `${constructIdFor(name)}QueueUrl`, { value: this.queues[name].queueUrl });
    }
    new CfnOutput(this, 'ScheduleGroupName', { value: this.scheduleGroup.scheduleGroupName });
    new CfnOutput(this, 'SchedulerRoleArn', { value: this.schedulerRole.roleArn });
  }
}
