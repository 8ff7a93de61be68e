import { Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { type QueueName, queueArnEnv, queueUrlEnv } from '../functions/core/queues';
import type { Capability, TableAccess } from '../functions/routes';
import type { AppFunction } from './constructs/app-function';

/**
 * THE mapping from a route's or worker's `needs` to IAM grants and env vars. api, realtime, workers and the
 * streaming function all go through `grantCapabilities`, so a capability means the same everywhere and a
 * function gets nothing it did not ask for. Table access is declared apart from `needs` (the route table's
 * `table` column): 'read' grants only read actions (and kms:Decrypt on the table key), 'write' reads and writes.
 */
export interface RealtimeTarget {
  readonly apiId: string;
  readonly stageName: string;
  /** https://{apiId}.execute-api.{region}.amazonaws.com/{stage}: the management endpoint. */
  readonly endpoint: string;
}

export interface SchedulerTarget {
  readonly groupName: string;
  /** The role schedules run as; functions pass it when they create a schedule. */
  readonly role: iam.IRole;
  /** Queues a schedule may target: their ARNs go into the env (QUEUE_ARN_*), no send permission. */
  readonly targetQueues: Partial<Record<QueueName, sqs.IQueue>>;
}

export interface CapabilityTargets {
  readonly table: dynamodb.ITable;
  readonly authTokenSecret?: secretsmanager.ISecret;
  readonly paymentsSecret?: secretsmanager.ISecret;
  readonly queues?: Partial<Record<QueueName, sqs.IQueue>>;
  readonly scheduler?: SchedulerTarget;
  readonly cookieKey?: kms.IKey;
  readonly realtime?: RealtimeTarget;
  readonly publicAppUrl?: string;
  readonly mailFrom?: string;
  /**
   * The Bedrock model the 'ai-model' capability may stream from: a foundation model id or a cross-region
   * inference profile id. Unset, the `bedrockModelId` context, else DEFAULT_BEDROCK_MODEL_ID.
   */
  readonly aiModelId?: string;
}

export const DEFAULT_BEDROCK_MODEL_ID = 'anthropic.claude-3-5-haiku-20241022-v1:0';

/**
 * The regions a cross-region inference profile may send a request to (its geography prefix): the role needs
 * the foundation model in each of them. Named, not '*', so the grant stays scoped (cdk-nag IAM5); a prefix
 * missing here fails synth instead of failing requests.
 */
const PROFILE_REGIONS: Readonly<Record<string, readonly string[]>> = {
  us: ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'],
  eu: [
    'eu-central-1',
    'eu-central-2',
    'eu-north-1',
    'eu-south-1',
    'eu-south-2',
    'eu-west-1',
    'eu-west-2',
    'eu-west-3',
  ],
  apac: [
    'ap-northeast-1',
    'ap-northeast-2',
    'ap-northeast-3',
    'ap-south-1',
    'ap-south-2',
    'ap-southeast-1',
    'ap-southeast-2',
    'ap-southeast-4',
  ],
  jp: ['ap-northeast-1', 'ap-northeast-3'],
  au: ['ap-southeast-2', 'ap-southeast-4'],
};

/** Geography prefixes of Bedrock's cross-region inference profile ids. */
const PROFILE_PREFIXES: ReadonlySet<string> = new Set([
  'us',
  'eu',
  'apac',
  'jp',
  'au',
  'ca',
  'global',
  'us-gov',
]);

/** The ARNs InvokeModelWithResponseStream needs for a model id: the model, or the profile and its models. */
export function bedrockModelArns(scope: AppFunction, modelId: string): string[] {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+(:[0-9a-z-]+)*$/i.test(modelId)) {
    throw new Error(`'${modelId}' is not a Bedrock model or inference profile id`);
  }
  const stack = Stack.of(scope);
  const foundationModel = (id: string, region: string) =>
    stack.formatArn({
      service: 'bedrock',
      region,
      account: '',
      resource: 'foundation-model',
      resourceName: id,
    });
  const [prefix = '', ...rest] = modelId.split('.');
  // A profile id is its geography, then a foundation model id (us.anthropic.claude-...); a foundation model
  // id starts with its provider (anthropic.claude-...).
  if (!PROFILE_PREFIXES.has(prefix) || rest.length < 2) return [foundationModel(modelId, stack.region)];
  const regions = PROFILE_REGIONS[prefix];
  if (!regions)
    throw new Error(`No destination regions known for inference profile '${modelId}' (lib/grants.ts)`);
  const baseId = rest.join('.');
  return [
    stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId }),
    ...regions.map((region) => foundationModel(baseId, region)),
  ];
}

/** ConverseStream on the one configured model, and the env that makes the AI port use Bedrock. */
function grantAiModel(fn: AppFunction, modelId: string): void {
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['bedrock:InvokeModelWithResponseStream'],
      resources: bedrockModelArns(fn, modelId),
    }),
  );
  fn.addEnvironment('AI_PROVIDER', 'bedrock');
  fn.addEnvironment('BEDROCK_MODEL_ID', modelId);
}

/** Functions read secrets through the Parameters and Secrets extension (functions/core/secrets.ts). */
function requireSecretsExtension(capability: string, fn: AppFunction): void {
  if (!fn.readsSecrets) {
    throw new Error(`${fn.node.path} needs '${capability}', a secret, but was not built with readsSecrets`);
  }
}

function missing(capability: string, fn: AppFunction): never {
  throw new Error(`${fn.node.path} needs '${capability}' but its stack was given no target for it`);
}

/** execute-api ARN of every connection of one WebSocket stage (POST/GET/DELETE @connections/{id}). */
export function connectionsArn(scope: AppFunction, realtime: RealtimeTarget): string {
  return Stack.of(scope).formatArn({
    service: 'execute-api',
    resource: realtime.apiId,
    resourceName: `${realtime.stageName}/*/@connections/*`,
  });
}

function grantRealtimePush(fn: AppFunction, realtime: RealtimeTarget): void {
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['execute-api:ManageConnections'],
      resources: [connectionsArn(fn, realtime)],
    }),
  );
  fn.addEnvironment('REALTIME_ENDPOINT', realtime.endpoint);
}

function grantQueue(fn: AppFunction, name: QueueName, queue: sqs.IQueue): void {
  queue.grantSendMessages(fn.role);
  fn.addEnvironment(queueUrlEnv(name), queue.queueUrl);
  fn.addEnvironment(queueArnEnv(name), queue.queueArn);
}

/** Sets when a received message comes back (a consumer's retry delay): no send. */
function grantQueueRetry(fn: AppFunction, name: QueueName, queue: sqs.IQueue): void {
  queue.grant(fn.role, 'sqs:ChangeMessageVisibility');
  fn.addEnvironment(queueUrlEnv(name), queue.queueUrl);
}

/** Reads the queue's attributes (the health probe): no send, no receive. */
function grantQueueProbe(fn: AppFunction, name: QueueName, queue: sqs.IQueue): void {
  queue.grant(fn.role, 'sqs:GetQueueAttributes');
  fn.addEnvironment(queueUrlEnv(name), queue.queueUrl);
}

function grantScheduler(fn: AppFunction, scheduler: SchedulerTarget): void {
  const stack = Stack.of(fn);
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: [
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'scheduler:GetSchedule',
      ],
      resources: [
        stack.formatArn({
          service: 'scheduler',
          resource: 'schedule',
          resourceName: `${scheduler.groupName}/*`,
        }),
      ],
    }),
  );
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['iam:PassRole'],
      resources: [scheduler.role.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    }),
  );
  fn.addEnvironment('SCHEDULE_GROUP', scheduler.groupName);
  fn.addEnvironment('SCHEDULER_ROLE_ARN', scheduler.role.roleArn);
  for (const [name, queue] of Object.entries(scheduler.targetQueues) as [QueueName, sqs.IQueue][]) {
    fn.addEnvironment(queueArnEnv(name), queue.queueArn);
  }
}

function grantMail(fn: AppFunction, mailFrom: string | undefined): void {
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
    }),
  );
  if (mailFrom) fn.addEnvironment('MAIL_FROM', mailFrom);
}

function grantKeys(fn: AppFunction, key: kms.IKey): void {
  // On the role, not through key.grant: the key lives in the data stack and must not learn about api roles.
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      // Sealing asks KMS for a data key (GenerateDataKey), opening unwraps it (Decrypt): no Encrypt.
      actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
      resources: [key.keyArn],
    }),
  );
  fn.addEnvironment('KMS_KEY_ID', key.keyArn);
}

/**
 * `table` defaults to 'write' for the backend consumers (queue workers, scheduled tasks), which all store
 * what they do; every HTTP and WebSocket row declares its own.
 */
export function grantCapabilities(
  fn: AppFunction,
  needs: readonly Capability[],
  targets: CapabilityTargets,
  table: TableAccess = 'write',
): void {
  if (table === 'read') targets.table.grantReadData(fn.role);
  else targets.table.grantReadWriteData(fn.role);
  fn.addEnvironment('TABLE_NAME', targets.table.tableName);
  if (targets.publicAppUrl) fn.addEnvironment('PUBLIC_APP_URL', targets.publicAppUrl);

  for (const need of new Set(needs)) {
    if (need.startsWith('queue-retry:')) {
      const name = need.slice('queue-retry:'.length) as QueueName;
      grantQueueRetry(fn, name, targets.queues?.[name] ?? missing(need, fn));
      continue;
    }
    if (need.startsWith('queue-probe:')) {
      const name = need.slice('queue-probe:'.length) as QueueName;
      grantQueueProbe(fn, name, targets.queues?.[name] ?? missing(need, fn));
      continue;
    }
    if (need.startsWith('queue:')) {
      const name = need.slice('queue:'.length) as QueueName;
      grantQueue(fn, name, targets.queues?.[name] ?? missing(need, fn));
      continue;
    }
    switch (need) {
      case 'scheduler':
        grantScheduler(fn, targets.scheduler ?? missing(need, fn));
        break;
      case 'mail':
        grantMail(fn, targets.mailFrom);
        break;
      case 'keys':
        grantKeys(fn, targets.cookieKey ?? missing(need, fn));
        break;
      case 'realtime-push':
        grantRealtimePush(fn, targets.realtime ?? missing(need, fn));
        break;
      case 'api-key-use':
        // UpdateItem alone: an API key's rate-limit count and last use, on a route that may only read.
        // (dynamodb:LeadingKeys could narrow it to those items' partitions; the local cloud's simulator
        // is given no such context, so it would allow here what AWS refuses.)
        targets.table.grant(fn.role, 'dynamodb:UpdateItem');
        // As the table's write grants do for its customer-managed key (the read grant has kms:Decrypt).
        targets.table.encryptionKey?.grant(fn.role, 'kms:Encrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*');
        break;
      case 'auth-secret': {
        requireSecretsExtension(need, fn);
        const authSecret = targets.authTokenSecret ?? missing(need, fn);
        authSecret.grantRead(fn.role);
        fn.addEnvironment('AUTH_TOKEN_SECRET_ARN', authSecret.secretArn);
        break;
      }
      case 'payments': {
        requireSecretsExtension(need, fn);
        const paymentsSecret = targets.paymentsSecret ?? missing(need, fn);
        paymentsSecret.grantRead(fn.role);
        fn.addEnvironment('PAYMENTS_SECRET_ARN', paymentsSecret.secretArn);
        fn.addEnvironment('PAYMENTS_MODE', 'stripe');
        break;
      }
      case 'ai-model':
        grantAiModel(
          fn,
          targets.aiModelId ??
            (fn.node.tryGetContext('bedrockModelId') as string | undefined) ??
            DEFAULT_BEDROCK_MODEL_ID,
        );
        break;
      default:
        throw new Error(`${fn.node.path}: unknown capability '${need}'`);
    }
  }
}
