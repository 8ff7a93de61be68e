import { beforeAll, describe, expect, it } from 'vitest';
import { type QueueName, queueArnEnv, queueNames, queueUrlEnv } from '../../functions/core/queues';
import { SCHEDULED_QUEUES } from '../../lib/workers-stack';
import { simulate } from '../../scripts/local-cloud/function-runtime/rights';
import {
  type Assembly,
  readAssembly,
  type TemplateFunction,
} from '../../scripts/local-cloud/stacks/assembly';
import { TemplateResolver } from '../../scripts/local-cloud/stacks/resolve';
import { synthesizedAssembly } from '../../scripts/local-cloud/stacks/synth';

/**
 * Every function of the synthesized stacks reaches a resource by a variable and a right that come together
 * (one `needs` entry grants both, lib/grants.ts): a variable without its right fails in AWS with
 * AccessDenied, a right without its variable is a function that cannot find what it may use (the flow
 * runs that could never be dispatched). Checked on the templates as CloudFormation would resolve them,
 * with IAM's evaluation (the simulator the local cloud enforces with).
 */
interface Wired {
  readonly entry: string;
  readonly env: Record<string, string>;
  allows(action: string, resource: string, context?: Record<string, string>): Promise<boolean>;
}

let assembly: Assembly;
let functions: Wired[];
const arns = { queues: {} as Record<string, string>, secrets: {} as Record<string, string>, cookieKey: '' };

beforeAll(async () => {
  assembly = readAssembly((await synthesizedAssembly()).dir);
  const resolver = new TemplateResolver(assembly, {
    region: 'us-east-1',
    tableName: 'local-trobly',
    queues: {},
    publicAppUrl: 'https://app.example',
  });
  for (const stack of assembly.stacks.values()) {
    for (const [id, r] of Object.entries(stack.resources)) {
      const arn = (attribute: string) => resolver.resolveString(stack, { 'Fn::GetAtt': [id, attribute] });
      if (r.Type === 'AWS::SQS::Queue') arns.queues[arn('QueueName').replace(/^local-/, '')] = arn('Arn');
      if (r.Type === 'AWS::SecretsManager::Secret')
        arns.secrets[id] = resolver.resolveString(stack, { Ref: id });
      if (r.Type === 'AWS::KMS::Key' && id.startsWith('CookieKey')) arns.cookieKey = arn('Arn');
    }
  }
  functions = assembly.functions.map((fn: TemplateFunction) => {
    const stack = assembly.stacks.get(fn.stackName)!;
    const local = {
      name: fn.logicalId,
      principalArn: `arn:aws:sts::000000000000:assumed-role/${fn.roleLogicalId}/${fn.logicalId}`,
      policies: fn.policies.map((p) => ({ name: p.name, policy: resolver.resolve(stack, p.document) })),
    };
    return {
      entry: fn.entry,
      env: Object.fromEntries(
        Object.entries(fn.environment).map(([k, v]) => [k, resolver.resolveString(stack, v)]),
      ),
      allows: async (action, resource, context) =>
        (await simulate(local, { action, resource, ...(context ? { context } : {}) })).allowed,
    };
  });
}, 180_000);

const TABLE_ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/local-trobly';

describe('the wiring of every function of the stacks', () => {
  it('finds every handler of the route table, queues, stream and tasks in the template', () => {
    expect(functions.length).toBeGreaterThan(70);
    expect(functions.map((f) => f.entry)).toContain('functions/workers/run-dispatcher.stream.ts');
    expect(functions.map((f) => f.entry)).toContain('functions/workers/dispatch-unsent.task.ts');
  });

  it('gives the table name to exactly the functions that may read the table', async () => {
    for (const fn of functions) {
      expect(fn.env.TABLE_NAME === 'local-trobly', fn.entry).toBe(
        await fn.allows('dynamodb:GetItem', TABLE_ARN),
      );
    }
  });

  it('gives a queue URL to exactly the functions that may send to that queue, probe it or retry its messages', async () => {
    for (const fn of functions) {
      for (const name of queueNames) {
        const arn = arns.queues[name]!;
        const sends = await fn.allows('sqs:SendMessage', arn);
        // The health probe reads the queue's attributes; the run worker sets a failed message's return.
        const probes =
          (await fn.allows('sqs:GetQueueAttributes', arn)) ||
          (await fn.allows('sqs:ChangeMessageVisibility', arn));
        const where = `${fn.entry} ${name}`;
        if (sends) expect(fn.env[queueUrlEnv(name)], where).toBeDefined();
        if (fn.env[queueUrlEnv(name)]) expect(sends || probes, where).toBe(true);
      }
    }
  });

  it('lets the run worker send no run message: the run dispatch is the one sender', async () => {
    const runner = functions.find((f) => f.entry === 'functions/workers/run.worker.ts')!;
    for (const name of ['trob-runs', 'flow-runs'] as const) {
      expect(await runner.allows('sqs:SendMessage', arns.queues[name]!), name).toBe(false);
      expect(await runner.allows('sqs:ChangeMessageVisibility', arns.queues[name]!), name).toBe(true);
    }
  });

  it('lets the run dispatch send to both run queues wherever it runs (stream and sweep)', async () => {
    for (const entry of [
      'functions/workers/run-dispatcher.stream.ts',
      'functions/workers/dispatch-unsent.task.ts',
    ]) {
      const fn = functions.find((f) => f.entry === entry)!;
      for (const name of ['trob-runs', 'flow-runs'] as const) {
        expect(fn.env[queueUrlEnv(name)], `${entry} ${name}`).toBeDefined();
        expect(await fn.allows('sqs:SendMessage', arns.queues[name]!), `${entry} ${name}`).toBe(true);
      }
    }
  });

  it('gives a queue ARN only with its URL, or as a schedule target beside the schedule group', async () => {
    for (const fn of functions) {
      for (const name of queueNames) {
        if (!fn.env[queueArnEnv(name)]) continue;
        const target = fn.env.SCHEDULE_GROUP !== undefined && SCHEDULED_QUEUES.includes(name as QueueName);
        expect(fn.env[queueUrlEnv(name)] !== undefined || target, `${fn.entry} ${name}`).toBe(true);
      }
    }
  });

  it('gives the cookie key to exactly the functions that may seal and open with it', async () => {
    for (const fn of functions) {
      const may =
        (await fn.allows('kms:GenerateDataKey', arns.cookieKey)) &&
        (await fn.allows('kms:Decrypt', arns.cookieKey));
      expect(fn.env.KMS_KEY_ID === arns.cookieKey, fn.entry).toBe(may);
    }
  });

  it('gives the schedule group and role to exactly the functions that may manage its schedules and pass the role', async () => {
    for (const fn of functions) {
      const group = fn.env.SCHEDULE_GROUP ?? 'local-trobly';
      const manages = await fn.allows(
        'scheduler:CreateSchedule',
        `arn:aws:scheduler:us-east-1:000000000000:schedule/${group}/any`,
      );
      expect(fn.env.SCHEDULE_GROUP !== undefined, fn.entry).toBe(manages);
      const role = fn.env.SCHEDULER_ROLE_ARN;
      if (role) {
        expect(
          await fn.allows('iam:PassRole', role, { 'iam:PassedToService': 'scheduler.amazonaws.com' }),
          fn.entry,
        ).toBe(true);
      }
      expect(role !== undefined, fn.entry).toBe(manages);
    }
  });

  it('gives the WebSocket endpoint to exactly the functions that may push to its connections', async () => {
    const endpoints = new Set(
      functions.flatMap((f) => (f.env.REALTIME_ENDPOINT ? [f.env.REALTIME_ENDPOINT] : [])),
    );
    expect(endpoints.size).toBe(1);
    const [, apiId, stage] = /^https:\/\/([^.]+)\.execute-api\.[^/]+\/(.+)$/.exec([...endpoints][0]!) ?? [];
    const connection = `arn:aws:execute-api:us-east-1:000000000000:${apiId}/${stage}/POST/@connections/abc`;
    for (const fn of functions) {
      expect(fn.env.REALTIME_ENDPOINT !== undefined, fn.entry).toBe(
        await fn.allows('execute-api:ManageConnections', connection),
      );
    }
  });

  it('gives a secret ARN to exactly the functions that may read that secret', async () => {
    const variables: Record<string, string> = {
      AuthTokenSecret: 'AUTH_TOKEN_SECRET_ARN',
      OriginVerifySecret: 'ORIGIN_VERIFY_SECRET_ARN',
      PaymentsSecret: 'PAYMENTS_SECRET_ARN',
    };
    expect(
      Object.keys(arns.secrets)
        .map((id) => id.replace(/[0-9A-F]{8}$/, ''))
        .sort(),
    ).toEqual(Object.keys(variables).sort());
    for (const fn of functions) {
      for (const [id, arn] of Object.entries(arns.secrets)) {
        const variable = variables[id.replace(/[0-9A-F]{8}$/, '')]!;
        expect(fn.env[variable] === arn, `${fn.entry} ${variable}`).toBe(
          await fn.allows('secretsmanager:GetSecretValue', arn),
        );
      }
    }
  });

  it('gives the model id to exactly the functions that may stream from that model', async () => {
    for (const fn of functions) {
      const model = fn.env.BEDROCK_MODEL_ID ?? 'anthropic.claude-3-5-haiku-20241022-v1:0';
      const may = await fn.allows(
        'bedrock:InvokeModelWithResponseStream',
        `arn:aws:bedrock:us-east-1::foundation-model/${model}`,
      );
      expect(fn.env.BEDROCK_MODEL_ID !== undefined, fn.entry).toBe(may);
    }
  });

  it('leaves every decision to the identity policies the local cloud enforces: keys delegate to IAM, queues only refuse plain HTTP, nothing else has a resource policy', () => {
    const resources = [...assembly.stacks.values()].flatMap((stack) => Object.values(stack.resources));
    for (const key of resources.filter((r) => r.Type === 'AWS::KMS::Key')) {
      const statements = (key.Properties!.KeyPolicy as { Statement: Record<string, unknown>[] }).Statement;
      // The default key policy: the account's root may do anything, so IAM policies decide.
      expect(
        statements.some(
          (s) =>
            s.Effect === 'Allow' && s.Action === 'kms:*' && JSON.stringify(s.Principal).includes(':root'),
        ),
      ).toBe(true);
      expect(statements.filter((s) => s.Effect === 'Deny')).toEqual([]);
    }
    for (const policy of resources.filter((r) => r.Type === 'AWS::SQS::QueuePolicy')) {
      const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] })
        .Statement;
      for (const s of statements) {
        const scheduler = JSON.stringify(s.Principal).includes('scheduler.amazonaws.com');
        // A refusal of plain HTTP, or (for no queue here) a grant to a service.
        expect(
          (s.Effect === 'Deny' &&
            JSON.stringify(s.Condition) === JSON.stringify({ Bool: { 'aws:SecureTransport': 'false' } })) ||
            (s.Effect === 'Allow' && scheduler),
          JSON.stringify(s),
        ).toBe(true);
      }
    }
    const resourcePolicies = resources
      .map((r) => r.Type)
      .filter((t) =>
        [
          'AWS::SecretsManager::ResourcePolicy',
          'AWS::DynamoDB::ResourcePolicy',
          'AWS::ApiGatewayV2::Authorizer',
        ].includes(t),
      );
    expect(resourcePolicies).toEqual([]);
  });
});
