import { LOCAL_ACCOUNT_ID } from '../../../functions/core/local-runtime';
import { type QueueName, queueArnEnv, queueNames, queueUrlEnv } from '../../../functions/core/queues';
import type { Assembly, CfnResource, StackTemplate } from './assembly';
import { LOCAL_PUBLIC_APP_URL_PLACEHOLDER, LOCAL_SYNTH_STAGE } from './synth-context';

/**
 * What CloudFormation would put in place of the templates' references, for the resources the local cloud
 * runs: the local table, the local SQS server's queues, the local WebSocket gateway, and local names for
 * the rest (keys, secrets, roles, the schedule group), which the local stand-ins of those services
 * accept. Resources are found by what they are, not by name: the one table, a queue by its name in
 * functions/core/queues.ts, so a test's tables and queues of its own are resolved like `npm start`'s.
 */
export interface LocalResources {
  readonly region: string;
  readonly tableName: string;
  /** By the queue's name in functions/core/queues.ts; a queue not running locally gets a name that fails. */
  readonly queues: Readonly<Partial<Record<QueueName, { url: string; arn: string }>>>;
  readonly sqsEndpoint?: string;
  /** The local WebSocket gateway's management endpoint (POST /@connections/{id}). */
  readonly realtimeEndpoint?: string;
  readonly publicAppUrl: string;
}

/** The local cloud's resources as its environment names them (npm start's, or a test file's own). */
export function localResourcesFromEnv(source: NodeJS.ProcessEnv): LocalResources {
  const queues: Partial<Record<QueueName, { url: string; arn: string }>> = {};
  for (const name of queueNames) {
    const url = source[queueUrlEnv(name)];
    const arn = source[queueArnEnv(name)];
    if (url && arn) queues[name] = { url, arn };
  }
  if (!source.TABLE_NAME) throw new Error('The local cloud has no table (TABLE_NAME is not set)');
  return {
    region: source.AWS_REGION ?? 'us-east-1',
    tableName: source.TABLE_NAME,
    queues,
    ...(source.SQS_ENDPOINT ? { sqsEndpoint: source.SQS_ENDPOINT } : {}),
    ...(source.REALTIME_ENDPOINT ? { realtimeEndpoint: source.REALTIME_ENDPOINT } : {}),
    publicAppUrl: source.PUBLIC_APP_URL ?? 'http://localhost:3000',
  };
}

/** CDK's logical ids end in an 8-hex hash; the construct id before it names the resource. */
export const constructIdOf = (logicalId: string): string => logicalId.replace(/[0-9A-F]{8}$/, '');

export const localSecretArn = (region: string, logicalId: string): string =>
  `arn:aws:secretsmanager:${region}:${LOCAL_ACCOUNT_ID}:secret:${constructIdOf(logicalId)}-local`;

/** The WebSocket API's id on the local cloud (its Ref). */
export const localApiId = (logicalId: string): string => `local${constructIdOf(logicalId).toLowerCase()}`;

type Attributes = Record<string, string>;

export class TemplateResolver {
  private readonly exports = new Map<string, { stack: StackTemplate; value: unknown }>();

  constructor(
    assembly: Assembly,
    private readonly local: LocalResources,
  ) {
    for (const stack of assembly.stacks.values()) {
      for (const output of Object.values(stack.outputs)) {
        if (!output.Export) continue;
        const name = this.resolve(stack, output.Export.Name);
        if (typeof name === 'string') this.exports.set(name, { stack, value: output.Value });
      }
    }
  }

  /** A template value with every reference replaced by the local resource's name. */
  resolve(stack: StackTemplate, value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.resolve(stack, v));
    if (value === null || typeof value !== 'object') {
      return typeof value === 'string'
        ? value.replaceAll(LOCAL_PUBLIC_APP_URL_PLACEHOLDER, this.local.publicAppUrl)
        : value;
    }
    const entries = Object.entries(value);
    const [fn, arg] = entries[0] ?? [];
    if (entries.length === 1 && fn && (fn === 'Ref' || fn.startsWith('Fn::')))
      return this.intrinsic(stack, fn, arg);
    return Object.fromEntries(entries.map(([k, v]) => [k, this.resolve(stack, v)]));
  }

  resolveString(stack: StackTemplate, value: unknown): string {
    const resolved = this.resolve(stack, value);
    if (typeof resolved !== 'string') throw new Error(`Expected a string, got ${JSON.stringify(resolved)}`);
    return resolved;
  }

  private intrinsic(stack: StackTemplate, fn: string, arg: unknown): unknown {
    switch (fn) {
      case 'Ref':
        return this.ref(stack, String(arg));
      case 'Fn::GetAtt': {
        const [id, attribute] = Array.isArray(arg) ? arg : String(arg).split('.');
        return this.attribute(stack, String(id), String(attribute));
      }
      case 'Fn::Join': {
        const [separator, parts] = arg as [string, unknown[]];
        return (this.resolve(stack, parts) as unknown[]).map(String).join(separator);
      }
      case 'Fn::Select': {
        const [index, list] = arg as [unknown, unknown];
        return (this.resolve(stack, list) as unknown[])[Number(this.resolve(stack, index))];
      }
      case 'Fn::Split': {
        const [separator, source] = arg as [string, unknown];
        return this.resolveString(stack, source).split(separator);
      }
      case 'Fn::Sub': {
        const [template, variables] = (Array.isArray(arg) ? arg : [arg, {}]) as [
          string,
          Record<string, unknown>,
        ];
        return template.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
          if (name in variables) return String(this.resolve(stack, variables[name]));
          const [id, attribute] = name.split('.');
          return String(attribute ? this.attribute(stack, id!, attribute) : this.ref(stack, id!));
        });
      }
      case 'Fn::ImportValue': {
        const name = this.resolveString(stack, arg);
        const found = this.exports.get(name);
        if (!found) throw new Error(`${stack.stackName} imports ${name}, which no stack exports`);
        return this.resolve(found.stack, found.value);
      }
      default:
        throw new Error(`${stack.stackName}: ${fn} is not resolved by the local cloud`);
    }
  }

  private ref(stack: StackTemplate, id: string): string {
    switch (id) {
      case 'AWS::Region':
        return this.local.region;
      case 'AWS::AccountId':
        return LOCAL_ACCOUNT_ID;
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return stack.stackName;
    }
    return this.attributes(stack, id).Ref!;
  }

  private attribute(stack: StackTemplate, id: string, attribute: string): string {
    const value = this.attributes(stack, id)[attribute];
    if (value === undefined) throw new Error(`${stack.stackName}/${id}: no local value for ${attribute}`);
    return value;
  }

  /** Ref and the attributes the stacks read, per resource type. */
  private attributes(stack: StackTemplate, id: string): Attributes {
    const resource: CfnResource | undefined = stack.resources[id];
    if (!resource) throw new Error(`${stack.stackName} refers to ${id}, which it does not hold`);
    const { region } = this.local;
    const account = LOCAL_ACCOUNT_ID;
    const props = resource.Properties ?? {};
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table': {
        const arn = `arn:aws:dynamodb:${region}:${account}:table/${this.local.tableName}`;
        return { Ref: this.local.tableName, Arn: arn, StreamArn: `${arn}/stream/local` };
      }
      case 'AWS::SQS::Queue': {
        const physical = this.resolveString(stack, props.QueueName);
        const name = physical.replace(new RegExp(`^${LOCAL_SYNTH_STAGE}-`), '');
        const running = this.local.queues[name as QueueName];
        const arn = running?.arn ?? `arn:aws:sqs:${region}:${account}:${physical}`;
        const url =
          running?.url ?? `${this.local.sqsEndpoint ?? 'http://sqs.invalid'}/${account}/${physical}`;
        return { Ref: url, Arn: arn, QueueName: arn.split(':').at(-1)! };
      }
      case 'AWS::KMS::Key': {
        const keyId = `local-${constructIdOf(id).toLowerCase()}`;
        return { Ref: keyId, KeyId: keyId, Arn: `arn:aws:kms:${region}:${account}:key/${keyId}` };
      }
      case 'AWS::SecretsManager::Secret': {
        const arn = localSecretArn(region, id);
        return { Ref: arn, Id: arn };
      }
      case 'AWS::IAM::Role':
        return { Ref: id, Arn: `arn:aws:iam::${account}:role/${id}`, RoleId: id };
      case 'AWS::Scheduler::ScheduleGroup': {
        const name = this.resolveString(stack, props.Name);
        return { Ref: name, Arn: `arn:aws:scheduler:${region}:${account}:schedule-group/${name}` };
      }
      case 'AWS::ApiGatewayV2::Api': {
        const apiId = localApiId(id);
        return {
          Ref: apiId,
          ApiId: apiId,
          ApiEndpoint: `https://${apiId}.execute-api.${region}.amazonaws.com`,
        };
      }
      case 'AWS::Lambda::Function': {
        const name = `${stack.stackName}-${id}`.slice(0, 64);
        return { Ref: name, Arn: `arn:aws:lambda:${region}:${account}:function:${name}` };
      }
      case 'AWS::Logs::LogGroup':
        return { Ref: id, Arn: `arn:aws:logs:${region}:${account}:log-group:${id}:*` };
      default:
        // Resources no function reaches on the local cloud (buckets, the distribution, ...).
        return { Ref: id, Arn: `arn:aws:local:${region}:${account}:${resource.Type}/${id}` };
    }
  }
}

/**
 * Settings the local cloud's own code and the tests' setup code use when they call the app's services
 * directly, outside any function (as an administrator's shell would): the ports need them in both
 * runtimes. Functions never see these; they get their template's.
 */
export const LOCAL_CLOUD_SETTINGS: Readonly<Record<string, string>> = {
  KMS_KEY_ID: `arn:aws:kms:us-east-1:${LOCAL_ACCOUNT_ID}:key/local-cookiekey`,
  SCHEDULE_GROUP: `${LOCAL_SYNTH_STAGE}-trobly`,
  SCHEDULER_ROLE_ARN: `arn:aws:iam::${LOCAL_ACCOUNT_ID}:role/local-scheduler`,
};
