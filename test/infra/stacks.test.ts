import { existsSync } from 'node:fs';
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEAD_LETTER_RETENTION_SECONDS,
  deadLetterQueueName,
  queueNames,
  queues,
  queueUrlEnv,
} from '../../functions/core/queues';
import { tableBaseName, tableDefinition } from '../../functions/core/table';
import {
  type Capability,
  deployedHttpRoutes,
  handlerFile,
  httpRoutes,
  webSocketRouteSelection,
  webSocketRoutes,
} from '../../functions/routes';
import { scheduledTasks, taskFile } from '../../functions/scheduled-tasks';
import { CHROMIUM_ROUTE_TIMEOUT_SECONDS, STREAM_RESERVED_CONCURRENCY } from '../../lib/api-stack';
import { createAppStacks } from '../../lib/app-stacks';
import { AppFunction, SECRETS_EXTENSION_TTL_SECONDS } from '../../lib/constructs/app-function';
import { RATE_LIMIT_PER_CLIENT } from '../../lib/edge-stack';
import { grantCapabilities } from '../../lib/grants';
import { checkAwsSolutions, nagSuppressions } from '../../lib/nag-suppressions';
import { fromRoot } from '../../lib/paths';
import { pathPattern } from '../../lib/web-stack';
import { RUN_DISPATCHER, workerFile } from '../../lib/workers-stack';
import {
  actionsOf,
  type BuiltApp,
  buildApp,
  CDK_JSON_CONTEXT,
  logicalIdOf,
  type Resource,
  resourcesOf,
  roleIdOf,
  STACK_KEYS,
  statementsOfRole,
  testApp,
} from './app';

const STAGE = 'test';
let built: BuiltApp;

// The one build with CloudFormation's template validation on, as `cdk synth` runs it: a finding fails it.
beforeAll(() => {
  built = buildApp(STAGE, {}, { validate: true });
});

/** What Table.grantReadData and grantReadWriteData add on top of it (aws-cdk-lib's DynamoDB action sets). */
const TABLE_READ_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:Query',
  'dynamodb:Scan',
];
const TABLE_WRITE_ACTIONS = [
  'dynamodb:BatchWriteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
];

/** The (export names of the) secrets a role may read, one string per GetSecretValue statement resource. */
function secretsReadBy(statements: ReturnType<typeof statementsOfRole>): string[] {
  return statements
    .filter((s) => actionsOf([s]).includes('secretsmanager:GetSecretValue'))
    .map((s) => JSON.stringify(s.Resource));
}

const lambdas = (key: keyof BuiltApp['templates']) =>
  resourcesOf(built.templates[key], 'AWS::Lambda::Function');

interface DistributionConfig {
  CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
  DefaultCacheBehavior: { TargetOriginId: string };
  Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
  WebACLId?: unknown;
}
const distributionConfig = (): DistributionConfig =>
  Object.values(resourcesOf(built.templates.web, 'AWS::CloudFront::Distribution'))[0]!.Properties
    .DistributionConfig as DistributionConfig;

/** Our functions carry `Trobly <stage> ...` descriptions (AppFunction); CDK's own helpers do not. */
function functionByDescription(key: keyof BuiltApp['templates'], description: string): Resource {
  const found = Object.values(lambdas(key)).filter((f) => f.Properties.Description === description);
  expect(found, description).toHaveLength(1);
  return found[0]!;
}

describe('the route table', () => {
  it('has a handler file on disk for every HTTP and WebSocket route and every queue consumer', () => {
    const files = [
      ...httpRoutes.map((r) => handlerFile(r.handler)),
      ...webSocketRoutes.map((r) => handlerFile(r.handler)),
      ...queueNames.map((n) => workerFile(queues[n].consumer)),
    ];
    expect(files.filter((f) => !existsSync(fromRoot(f)))).toEqual([]);
  });

  it('gives every non-stream row an HTTP API route with its route key', () => {
    for (const row of deployedHttpRoutes.filter((r) => !r.stream)) {
      built.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${row.method} ${row.path}`,
      });
    }
  });

  it('gives every stream row a RESPONSE_STREAM function URL and a CloudFront behavior for its exact path', () => {
    const streamRows = deployedHttpRoutes.filter((r) => r.stream);
    const urls = resourcesOf(built.templates.api, 'AWS::Lambda::Url');
    expect(Object.keys(urls)).toHaveLength(streamRows.length);
    const distribution = Object.values(resourcesOf(built.templates.web, 'AWS::CloudFront::Distribution'))[0]!;
    const config = distribution.Properties.DistributionConfig as {
      CacheBehaviors: { PathPattern: string; TargetOriginId: string; AllowedMethods: string[] }[];
      Origins: { Id: string; DomainName: unknown }[];
    };
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    for (const row of streamRows) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      const fnId = Object.entries(lambdas('api')).find(([, f]) => f === fn)![0];
      built.templates.api.hasResourceProperties('AWS::Lambda::Url', {
        InvokeMode: 'RESPONSE_STREAM',
        TargetFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] },
      });
      const behavior = config.CacheBehaviors.find((b) => b.PathPattern === pathPattern(row.path))!;
      expect(behavior, row.path).toBeDefined();
      expect(behavior.AllowedMethods).toContain(row.method);
      // CloudFront matches behaviors in order: the exact stream path must precede /api/*.
      expect(patterns.indexOf(behavior.PathPattern)).toBeLessThan(patterns.indexOf('/api/*'));
      const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId)!;
      expect(JSON.stringify(origin.DomainName)).toContain('FunctionUrl');
      // Not also routed through the HTTP API, which cannot stream.
      expect(
        Object.values(resourcesOf(built.templates.api, 'AWS::ApiGatewayV2::Route')).map(
          (r) => r.Properties.RouteKey,
        ),
      ).not.toContain(`${row.method} ${row.path}`);
    }
  });

  it('gives every WebSocket row a route on the WebSocket API with the shared selection expression', () => {
    built.templates.realtime.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: webSocketRouteSelection,
    });
    for (const row of webSocketRoutes) {
      built.templates.realtime.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: row.route });
    }
  });

  it('creates one function per route row, each with a least-privilege policy matching its needs', () => {
    for (const row of deployedHttpRoutes) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      const actions = actionsOf(statementsOfRole(built.templates.api, roleIdOf(fn)));
      const needs = new Set(row.needs ?? []);
      expect(actions).toContain('dynamodb:Query');
      expect(actions.includes('execute-api:ManageConnections'), `${row.path} realtime-push`).toBe(
        needs.has('realtime-push'),
      );
      expect(actions.includes('ses:SendEmail'), `${row.path} mail`).toBe(needs.has('mail'));
      expect(actions.includes('scheduler:CreateSchedule'), `${row.path} scheduler`).toBe(
        needs.has('scheduler'),
      );
      expect(actions.includes('iam:PassRole'), `${row.path} scheduler`).toBe(needs.has('scheduler'));
      expect(actions.includes('kms:GenerateDataKey'), `${row.path} keys`).toBe(needs.has('keys'));
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env).toMatchObject({
        APP_RUNTIME: 'aws',
        APP_STAGE: STAGE,
        NODE_OPTIONS: '--enable-source-maps',
      });
      expect(env.TABLE_NAME).toBeDefined();
      for (const name of queueNames) {
        expect(queueUrlEnv(name) in env, `${row.path} ${name}`).toBe(
          needs.has(`queue:${name}` as Capability) || needs.has(`queue-probe:${name}` as Capability),
        );
      }
      if ([...needs].some((n) => n.startsWith('queue:'))) expect(actions).toContain('sqs:SendMessage');
      else expect(actions).not.toContain('sqs:SendMessage');
    }
  });

  it('grants each route the table access its row declares: read rows get no write action, write rows do', () => {
    for (const row of deployedHttpRoutes) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      const actions = actionsOf(statementsOfRole(built.templates.api, roleIdOf(fn)));
      expect(actions, row.path).toEqual(expect.arrayContaining(TABLE_READ_ACTIONS));
      const writes = actions.filter((a) => TABLE_WRITE_ACTIONS.includes(a));
      // A read row that serves API keys writes their counters only (issue 39): UpdateItem, nothing else.
      if (row.table === 'read')
        expect(writes, `${row.path} is read-only`).toEqual(row.keyScope ? ['dynamodb:UpdateItem'] : []);
      else expect(writes, `${row.path} writes`).toEqual(expect.arrayContaining(TABLE_WRITE_ACTIONS));
    }
  });

  it('lets exactly the rows with a key scope update the table for an API key, and never an owner-only one', () => {
    const keyRows = deployedHttpRoutes.filter((row) => row.keyScope);
    expect(keyRows.map((row) => `${row.method} ${row.path} ${row.keyScope}`)).toEqual([
      'POST /api/automation/start automations:run',
      'GET /api/automation leads:read',
      'POST /api/automation/{id}/pause automations:run',
      'GET /api/automation/leads/{jobId} leads:read',
      'GET /api/flows flows:read',
      'GET /api/flows/{id} flows:read',
      'GET /api/flows/{id}/analytics flows:read',
      'GET /api/flows/{id}/activities flows:read',
      'GET /api/flows/{id}/prospects flows:read',
      'GET /api/flows/{id}/prospects/{prospectId} flows:read',
      'POST /api/flows/{id}/pause automations:run',
      'POST /api/flows/{id}/resume automations:run',
      'POST /api/flows/{id}/execute automations:run',
      'DELETE /api/flows/{id} automations:run',
      'GET /api/jobs leads:read',
      'POST /api/jobs automations:run',
      'PUT /api/jobs/{jobId} automations:run',
    ]);
    for (const row of keyRows) {
      expect(row.auth, row.path).not.toBe('public');
      expect(row.ownerOnly || row.anyWorkspace || row.stream || row.localOnly, row.path).toBeFalsy();
    }
    for (const row of deployedHttpRoutes.filter((r) => r.table === 'read' && !r.keyScope)) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      expect(actionsOf(statementsOfRole(built.templates.api, roleIdOf(fn))), row.path).not.toContain(
        'dynamodb:UpdateItem',
      );
    }
  });

  it('declares read-only table access for the routes whose code path only reads', () => {
    const readOnly = httpRoutes.filter((r) => r.table === 'read').map((r) => `${r.method} ${r.path}`);
    expect(readOnly).toEqual([
      'GET /api/health',
      'GET /api/auth/me',
      'GET /api/users/usage',
      'GET /api/templates',
      'GET /api/templates/meta/popular',
      'GET /api/templates/{id}',
      'GET /api/flows/templates',
      'GET /api/flows/templates/{id}',
      'GET /api/industries',
      'GET /api/industries/search',
      'GET /api/billing/sandbox/{sessionId}',
      'GET /api/users/platforms',
      'GET /api/users/platform-connections/{platform}',
      'GET /api/users/platforms/{id}/plan',
      'GET /api/automation',
      'GET /api/automation/queue',
      'GET /api/automation/leads/{jobId}',
      'GET /api/flows',
      'GET /api/flows/{id}',
      'GET /api/flows/{id}/analytics',
      'GET /api/flows/{id}/activities',
      'GET /api/flows/{id}/prospects',
      'GET /api/flows/{id}/prospects/{prospectId}',
      'GET /api/flows/{id}/plan',
      'GET /api/team',
      'GET /api/workspaces',
      'GET /api/team/brand',
      'GET /api/keys',
      'GET /api/jobs',
      'GET /api/jobs/dashboard/stats',
      'POST /api/leads/ai-filter',
    ]);
  });

  it('lets the public health route read the table and probe its queue, and nothing more: no write, no send', () => {
    const fn = functionByDescription('api', `Trobly ${STAGE} GET /api/health`);
    const statements = statementsOfRole(built.templates.api, roleIdOf(fn));
    const actions = actionsOf(statements);
    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([...TABLE_READ_ACTIONS].sort());
    expect(actions.filter((a) => a.startsWith('sqs:'))).toEqual(['sqs:GetQueueAttributes']);
    const probe = statements.find((s) => s.Action === 'sqs:GetQueueAttributes')!;
    expect(JSON.stringify(probe.Resource)).toContain('TrobRunsQueue');
    expect(actions).not.toContain('sqs:SendMessage');
    // The only secret it reads is CloudFront's origin header, which every route checks.
    const secrets = secretsReadBy(statements);
    expect(secrets).toHaveLength(1);
    expect(secrets[0]).toContain('OriginVerifySecret');
    expect(actions).not.toContain('kms:Encrypt');
  });

  it('lets the WebSocket route functions write the table (connections and subscriptions)', () => {
    for (const fn of Object.values(lambdas('realtime')).filter((f) =>
      String(f.Properties.Description ?? '').startsWith('Trobly '),
    )) {
      const actions = actionsOf(statementsOfRole(built.templates.realtime, roleIdOf(fn)));
      expect(actions, String(fn.Properties.Description)).toEqual(expect.arrayContaining(TABLE_WRITE_ACTIONS));
    }
  });

  it('lets exactly the routes that sign or verify access tokens read the token key, and the payment routes the Stripe secret', () => {
    for (const row of deployedHttpRoutes) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      const actions = actionsOf(statementsOfRole(built.templates.api, roleIdOf(fn)));
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const readsTokenKey = row.auth !== 'public' || (row.needs ?? []).includes('auth-secret');
      const readsPayments = (row.needs ?? []).includes('payments');
      expect('AUTH_TOKEN_SECRET_ARN' in env, `${row.path} token key`).toBe(readsTokenKey);
      expect('PAYMENTS_SECRET_ARN' in env, `${row.path} payments`).toBe(readsPayments);
      const secretsRead = secretsReadBy(statementsOfRole(built.templates.api, roleIdOf(fn)));
      expect(
        secretsRead.some((r) => r.includes('AuthTokenSecret')),
        `${row.path} token key`,
      ).toBe(readsTokenKey);
      expect(
        secretsRead.some((r) => r.includes('PaymentsSecret')),
        `${row.path} payments`,
      ).toBe(readsPayments);
      expect(actions).toContain('secretsmanager:GetSecretValue');
      // The secret's value never travels in the function's configuration.
      expect(JSON.stringify(env)).not.toMatch(
        /AUTH_TOKEN_SECRET"|STRIPE_SECRET_KEY|PAYMENTS_WEBHOOK_SECRET|ORIGIN_VERIFY_SECRET"/,
      );
    }
  });
});

describe('the data stack', () => {
  it('creates the single table from tableDefinition with PITR, KMS encryption and TTL', () => {
    const { partitionKey, sortKey, globalIndexes, timeToLiveAttribute } = tableDefinition;
    built.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: `${STAGE}-${tableBaseName}`,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: partitionKey.name, KeyType: 'HASH' },
        { AttributeName: sortKey.name, KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: Match.anyValue() },
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
      GlobalSecondaryIndexes: globalIndexes.map((gsi) => ({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('declares every key attribute with its type', () => {
    const table = Object.values(resourcesOf(built.templates.data, 'AWS::DynamoDB::Table'))[0]!;
    const declared = table.Properties.AttributeDefinitions as {
      AttributeName: string;
      AttributeType: string;
    }[];
    const expected = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
    ].map((a) => ({ AttributeName: a.name, AttributeType: a.type }));
    expect(declared).toEqual(expect.arrayContaining(expected));
    expect(declared).toHaveLength(expected.length);
  });

  it('rotates both keys, and deletes data with a personal stage but keeps it for prod', () => {
    built.templates.data.resourceCountIs('AWS::KMS::Key', 2);
    built.templates.data.allResourcesProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    built.templates.data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    const prod = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    const prodStacks = createAppStacks(prod, 'prod');
    const prodData = buildTemplate(prodStacks.data);
    prodData.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true, TableName: 'prod-trobly' }),
    });
    prodData.allResources('AWS::KMS::Key', { DeletionPolicy: 'Retain' });
  });
});

describe('the workers stack', () => {
  it('gives every queue a dead-letter queue with the redrive, timeouts and encryption of queues.ts', () => {
    for (const name of queueNames) {
      const def = queues[name];
      const dlqId = logicalIdOf(
        built.templates.workers,
        'AWS::SQS::Queue',
        (p) => p.QueueName === `${STAGE}-${deadLetterQueueName(name)}`,
      );
      built.templates.workers.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `${STAGE}-${name}`,
        VisibilityTimeout: def.visibilityTimeoutSeconds,
        MessageRetentionPeriod: def.retentionSeconds,
        SqsManagedSseEnabled: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
          maxReceiveCount: def.maxReceiveCount,
        },
      });
      built.templates.workers.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `${STAGE}-${deadLetterQueueName(name)}`,
        MessageRetentionPeriod: DEAD_LETTER_RETENTION_SECONDS,
        SqsManagedSseEnabled: true,
      });
    }
  });

  it('redrives every queue that is not itself a dead-letter queue', () => {
    const all = Object.values(resourcesOf(built.templates.workers, 'AWS::SQS::Queue'));
    const main = all.filter((q) => !String(q.Properties.QueueName).endsWith('-dlq'));
    expect(main).toHaveLength(queueNames.length);
    for (const q of main) expect(q.Properties.RedrivePolicy, String(q.Properties.QueueName)).toBeDefined();
  });

  it('refuses non-TLS access to every queue', () => {
    const policies = Object.values(resourcesOf(built.templates.workers, 'AWS::SQS::QueuePolicy'));
    const denied = policies.filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('"aws:SecureTransport":"false"'),
    );
    expect(denied.length).toBe(queueNames.length * 2);
  });

  it('alarms as soon as a dead-letter queue holds a message', () => {
    for (const name of queueNames) {
      const dlqId = logicalIdOf(
        built.templates.workers,
        'AWS::SQS::Queue',
        (p) => p.QueueName === `${STAGE}-${deadLetterQueueName(name)}`,
      );
      built.templates.workers.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
  });

  it('runs one Chromium worker per chromium consumer with 2 GB, the queue timeout, 1 GB /tmp and partial batch failures', () => {
    const consumers = new Set(
      queueNames.filter((n) => queues[n].profile === 'chromium').map((n) => queues[n].consumer),
    );
    expect(consumers.size).toBeGreaterThan(0);
    for (const consumer of consumers) {
      const fed = queueNames.filter((n) => queues[n].consumer === consumer);
      const worker = Object.entries(lambdas('workers')).find(([, f]) =>
        String(f.Properties.Description).startsWith(`Trobly ${STAGE} worker ${consumer} `),
      );
      expect(worker, consumer).toBeDefined();
      const [workerId, fn] = worker!;
      expect(fn.Properties.MemorySize).toBeGreaterThanOrEqual(2048);
      expect(fn.Properties.Timeout).toBe(Math.max(...fed.map((n) => queues[n].consumerTimeoutSeconds)));
      expect(fn.Properties.EphemeralStorage).toEqual({ Size: 1024 });
      // The @sparticuz/chromium npm package ships an x86_64 binary only.
      expect(fn.Properties.Architectures).toEqual(['x86_64']);
      for (const name of fed) {
        const queueId = logicalIdOf(
          built.templates.workers,
          'AWS::SQS::Queue',
          (p) => p.QueueName === `${STAGE}-${name}`,
        );
        built.templates.workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
          FunctionName: { Ref: workerId },
          EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
          BatchSize: queues[name].batchSize,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
        });
      }
    }
    // One mapping per queue, and the table stream's to the run dispatcher.
    expect(Object.keys(resourcesOf(built.templates.workers, 'AWS::Lambda::EventSourceMapping'))).toHaveLength(
      queueNames.length + 1,
    );
  });

  it('runs the routes that drive Chromium as the workers do (2 GB, x86_64, 1 GB /tmp) within the HTTP API’s 29 s, the others small', () => {
    const chromium = deployedHttpRoutes.filter((row) => row.chromium);
    expect(chromium.map((row) => `${row.method} ${row.path}`)).toEqual(['POST /api/flows/audience']);
    for (const row of deployedHttpRoutes) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      if (!row.chromium) {
        expect(fn.Properties.Architectures, row.path).toEqual(['arm64']);
        expect(fn.Properties.EphemeralStorage, row.path).toBeUndefined();
        continue;
      }
      expect(fn.Properties).toMatchObject({
        MemorySize: 2048,
        Timeout: CHROMIUM_ROUTE_TIMEOUT_SECONDS,
        EphemeralStorage: { Size: 1024 },
        Architectures: ['x86_64'],
      });
      expect(CHROMIUM_ROUTE_TIMEOUT_SECONDS).toBeLessThan(30);
      // It opens the connection's cookies and takes from the account's budgets; it sends nothing.
      const actions = actionsOf(statementsOfRole(built.templates.api, roleIdOf(fn)));
      expect(actions).toEqual(
        expect.arrayContaining(['kms:Decrypt', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
      );
      expect(
        actions.filter((a) => a.startsWith('sqs:') || a.startsWith('scheduler:') || a.startsWith('bedrock:')),
      ).toEqual([]);
    }
  });

  it('sends run messages from the table stream: new images only, only automations on the unsent index, partial failures retried', () => {
    built.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
    const [dispatcherId, dispatcher] = Object.entries(lambdas('workers')).find(([, f]) =>
      String(f.Properties.Description).startsWith(`Trobly ${STAGE} stream consumer ${RUN_DISPATCHER} `),
    )!;
    const mappings = Object.values(
      resourcesOf(built.templates.workers, 'AWS::Lambda::EventSourceMapping'),
    ).filter((m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: dispatcherId }));
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties;
    expect(JSON.stringify(mapping.EventSourceArn)).toContain('StreamArn');
    expect(mapping).toMatchObject({
      StartingPosition: 'LATEST',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
    });
    const filters = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
    expect(filters.map((f) => JSON.parse(f.Pattern))).toEqual([
      { dynamodb: { NewImage: { gsi1pk: { S: ['AUTOMATION-UNSENT'] } } } },
    ]);
    // It sends to the run queue and puts schedules, and reads the stream; nothing else beyond the table.
    const actions = actionsOf(statementsOfRole(built.templates.workers, roleIdOf(dispatcher)));
    expect(actions).toEqual(
      expect.arrayContaining(['sqs:SendMessage', 'scheduler:CreateSchedule', 'dynamodb:GetRecords']),
    );
    expect(
      actions.some((a) => a.startsWith('execute-api:') || a.startsWith('ses:') || a.startsWith('bedrock:')),
    ).toBe(false);
  });

  it('leaves the start, run-again and re-sync routes without queue or scheduler rights: they only mark runs unsent', () => {
    for (const [method, path] of [
      ['POST', '/api/automation/start'],
      ['POST', '/api/jobs'],
      ['POST', '/api/users/platforms/sync'],
      ['PUT', '/api/users/platforms/{id}/validate'],
    ] as const) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${method} ${path}`);
      const actions = actionsOf(statementsOfRole(built.templates.api, roleIdOf(fn)));
      expect(
        actions.filter((a) => a.startsWith('sqs:') || a.startsWith('scheduler:') || a === 'iam:PassRole'),
        path,
      ).toEqual([]);
    }
  });

  it('runs the mail worker as a small plain function that may send mail and nothing more', () => {
    const def = queues.mail;
    expect(def.profile).toBe('light');
    const worker = Object.entries(lambdas('workers')).find(([, f]) =>
      String(f.Properties.Description).startsWith(`Trobly ${STAGE} worker ${def.consumer} `),
    );
    expect(worker).toBeDefined();
    const [workerId, fn] = worker!;
    // The default size of app functions, no Chromium, no extra /tmp.
    expect(fn.Properties.MemorySize).toBe(1024);
    expect(fn.Properties.EphemeralStorage).toBeUndefined();
    expect(fn.Properties.Architectures).toEqual(['arm64']);
    expect(fn.Properties.Timeout).toBe(def.consumerTimeoutSeconds);
    const actions = actionsOf(statementsOfRole(built.templates.workers, roleIdOf(fn)));
    expect(actions).toContain('ses:SendEmail');
    expect(actions).not.toContain('kms:GenerateDataKey');
    expect(actions).not.toContain('execute-api:ManageConnections');
    expect(actions).not.toContain('sqs:SendMessage');
    const queueId = logicalIdOf(
      built.templates.workers,
      'AWS::SQS::Queue',
      (p) => p.QueueName === `${STAGE}-mail`,
    );
    built.templates.workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: def.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('lets the scheduler role send to the run queues (flows, recurring trobs) and nothing else', () => {
    const roleId = logicalIdOf(built.templates.workers, 'AWS::IAM::Role', (p) =>
      JSON.stringify(p.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    );
    const role = resourcesOf(built.templates.workers, 'AWS::IAM::Role')[roleId]!;
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role.Properties.Policies).toBeUndefined();
    const queueId = (name: string) =>
      logicalIdOf(built.templates.workers, 'AWS::SQS::Queue', (p) => p.QueueName === `${STAGE}-${name}`);
    expect(statementsOfRole(built.templates.workers, roleId)).toEqual([
      {
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: [
          { 'Fn::GetAtt': [queueId('flow-runs'), 'Arn'] },
          { 'Fn::GetAtt': [queueId('trob-runs'), 'Arn'] },
        ],
      },
    ]);
    built.templates.workers.hasResourceProperties('AWS::Scheduler::ScheduleGroup', {
      Name: `${STAGE}-trobly`,
    });
  });
});

describe('the realtime stack', () => {
  it('serves the live stage with auto-deploy and access logs', () => {
    built.templates.realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'live',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('lets every route function push to connections of its own API stage only', () => {
    for (const row of webSocketRoutes) {
      const fn = functionByDescription('realtime', `Trobly ${STAGE} WebSocket ${row.route}`);
      const statements = statementsOfRole(built.templates.realtime, roleIdOf(fn));
      const push = statements.find((s) => s.Action === 'execute-api:ManageConnections');
      expect(JSON.stringify(push?.Resource)).toContain('/live/*/@connections/*');
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(JSON.stringify(env.REALTIME_ENDPOINT)).toContain('/live');
    }
  });
});

describe('the origin secret (only requests through CloudFront are served)', () => {
  it('lets every HTTP and stream route function read the origin secret, by ARN, never by value', () => {
    for (const row of deployedHttpRoutes) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(JSON.stringify(env.ORIGIN_VERIFY_SECRET_ARN), row.path).toContain('OriginVerifySecret');
      expect(env.ORIGIN_VERIFY_SECRET, row.path).toBeUndefined();
      const secretsRead = secretsReadBy(statementsOfRole(built.templates.api, roleIdOf(fn)));
      expect(
        secretsRead.some((r) => r.includes('OriginVerifySecret')),
        row.path,
      ).toBe(true);
    }
  });

  it('generates a per-stage secret in the data stack, kept with the data of prod', () => {
    built.templates.data.hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: Match.stringLikeRegexp('x-origin-verify'),
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
  });

  it('has CloudFront send it to the API origin and to every stream origin, resolved at deploy from Secrets Manager', () => {
    const config = distributionConfig();
    const targets = config.CacheBehaviors.filter(
      (b) =>
        b.PathPattern === '/api/*' ||
        deployedHttpRoutes.some((r) => r.stream && pathPattern(r.path) === b.PathPattern),
    ).map((b) => b.TargetOriginId);
    expect(targets.length).toBe(1 + deployedHttpRoutes.filter((r) => r.stream).length);
    for (const id of targets) {
      const origin = config.Origins.find((o) => o.Id === id)!;
      const headers = origin.OriginCustomHeaders ?? [];
      expect(
        headers.map((h) => h.HeaderName),
        id,
      ).toEqual(['x-origin-verify']);
      const value = JSON.stringify(headers[0]!.HeaderValue);
      // A dynamic reference to the data stack's secret: no value in the template.
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain('OriginVerifySecret');
      expect(value).toContain(':SecretString:::}}');
    }
    // The S3 origin has no use for it.
    const s3 = config.Origins.find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId)!;
    expect(s3.OriginCustomHeaders).toBeUndefined();
  });
});

describe('the api stack', () => {
  it('logs and throttles the default stage', () => {
    built.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
    });
  });
});

describe('the edge stack (WAF) and concurrency', () => {
  it('creates a CLOUDFRONT-scope web ACL in us-east-1, whatever the stage region', () => {
    expect(built.stacks.edge.region).toBe('us-east-1');
    built.templates.edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    built.templates.edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
    });
  });

  it('runs the managed common and known-bad-input rule groups and a rate-based rule per client IP', () => {
    const acl = Object.values(resourcesOf(built.templates.edge, 'AWS::WAFv2::WebACL'))[0]!;
    const rules = acl.Properties.Rules as {
      Name: string;
      Priority: number;
      Statement: {
        RateBasedStatement?: { Limit: number; AggregateKeyType: string; EvaluationWindowSec: number };
        ManagedRuleGroupStatement?: { VendorName: string; Name: string };
      };
      Action?: { Block?: { CustomResponse?: { ResponseCode: number } } };
      OverrideAction?: unknown;
    }[];
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement)).toEqual([
      expect.objectContaining({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }),
      expect.objectContaining({ VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' }),
    ]);
    // The groups' own block actions apply (not overridden to count).
    for (const r of managed) expect(r.OverrideAction).toEqual({ None: {} });
    const rate = rules.filter((r) => r.Statement.RateBasedStatement);
    expect(rate).toHaveLength(1);
    expect(rate[0]!.Statement.RateBasedStatement).toEqual({
      Limit: RATE_LIMIT_PER_CLIENT,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
    });
    expect(rate[0]!.Action?.Block?.CustomResponse?.ResponseCode).toBe(429);
    // Evaluated first, so a flood is counted whatever the other rules make of it.
    expect(rate[0]!.Priority).toBeLessThan(Math.min(...managed.map((r) => r.Priority)));
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  });

  it('attaches the web ACL to the distribution', () => {
    expect(JSON.stringify(distributionConfig().WebACLId)).toMatch(/Edge.*WebAcl/);
  });

  it('takes the web ACL across regions when the stage lives outside us-east-1, and stays cdk-nag clean', () => {
    const eu = buildApp('euro', { region: 'eu-west-1' });
    expect(eu.stacks.web.region).toBe('eu-west-1');
    expect(eu.stacks.api.region).toBe('eu-west-1');
    expect(eu.stacks.edge.region).toBe('us-east-1');
    const config = (
      Object.values(resourcesOf(eu.templates.web, 'AWS::CloudFront::Distribution'))[0]!.Properties
        .DistributionConfig as { WebACLId: unknown }
    ).WebACLId;
    // Read at deploy from the SSM parameter the Edge stack writes into eu-west-1.
    expect(JSON.stringify(config)).toContain('ExportsReader');
    expect(JSON.stringify(config)).toContain('WebAcl');
    expect(checkAwsSolutions(eu.app).violations.map((v) => v.ruleName)).toEqual([]);
  });

  it('gives the streaming function reserved concurrency, and leaves the other routes to the shared pool', () => {
    for (const row of deployedHttpRoutes) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      expect(fn.Properties.ReservedConcurrentExecutions, row.path).toBe(
        row.stream ? STREAM_RESERVED_CONCURRENCY : undefined,
      );
    }
    expect(STREAM_RESERVED_CONCURRENCY).toBe(10);
  });

  it('needs no suppression of the WAF findings (CFR1 geo restriction stays a reasoned choice)', () => {
    expect(nagSuppressions.map((s) => String(s.finding))).not.toContain(String(/^AwsSolutions-CFR2$/));
  });
});

describe('the web stack', () => {
  it('keeps the site bucket private and TLS-only behind an origin access control', () => {
    built.templates.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }),
      BucketEncryption: Match.anyValue(),
    });
    built.templates.web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3' }),
    });
    for (const policy of Object.values(resourcesOf(built.templates.web, 'AWS::S3::BucketPolicy'))) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('serves the SPA shell from a viewer-request rewrite, not distribution-wide error pages that would mask API 403/404', () => {
    built.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }],
          ViewerProtocolPolicy: 'redirect-to-https',
        }),
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
      }),
    });
  });

  it('sends /api/* to the HTTP API with every viewer header but Host, compressed, cached only per Authorization and as the answer allows, under security headers', () => {
    const distribution = Object.values(resourcesOf(built.templates.web, 'AWS::CloudFront::Distribution'))[0]!;
    const config = distribution.Properties.DistributionConfig as {
      CacheBehaviors: Record<string, unknown>[];
      DefaultCacheBehavior: Record<string, unknown>;
      Origins: { Id: string; DomainName: unknown }[];
    };
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api).toMatchObject({
      CachePolicyId: { Ref: expect.stringMatching(/^ApiCompression/) },
      Compress: true,
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = config.Origins.find((o) => o.Id === api.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    // Nothing is kept without the answer's leave (TTL 0 by default), and never across callers.
    built.templates.web.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          EnableAcceptEncodingBrotli: true,
          EnableAcceptEncodingGzip: true,
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
    });
    // The event streams stay uncompressed and uncached: each chunk must reach the browser as sent.
    for (const stream of config.CacheBehaviors.filter((b) => b.PathPattern !== '/api/*')) {
      expect(stream).toMatchObject({
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
        Compress: false,
      });
    }
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toBeDefined();
    }
    built.templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: Match.anyValue(),
          }),
        }),
      }),
    });
  });

  it('answers every /api and stream path with no-store (unless the route says otherwise) and nosniff', () => {
    const policies = resourcesOf(built.templates.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const config = (id: string) =>
      policies[id]!.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: { ContentTypeOptions: unknown };
        CustomHeadersConfig: { Items: Array<{ Header: string; Value: string; Override: boolean }> };
      };
    const distribution = Object.values(resourcesOf(built.templates.web, 'AWS::CloudFront::Distribution'))[0]!;
    const { DefaultCacheBehavior, CacheBehaviors } = distribution.Properties.DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: { Ref: string } };
      CacheBehaviors: Array<{ PathPattern: string; ResponseHeadersPolicyId: { Ref: string } }>;
    };
    expect(CacheBehaviors.map((b) => b.PathPattern)).toContain('/api/*');
    for (const behavior of CacheBehaviors) {
      const api = config(behavior.ResponseHeadersPolicyId.Ref);
      expect(api.SecurityHeadersConfig.ContentTypeOptions, behavior.PathPattern).toEqual({ Override: true });
      // Override false: the catalogue's own `private, max-age` and ETag stay; anything silent gets no-store.
      expect(api.CustomHeadersConfig.Items, behavior.PathPattern).toContainEqual({
        Header: 'Cache-Control',
        Value: 'no-store',
        Override: false,
      });
    }
    // The web app's files keep the caching S3 and the build gave them.
    const site = config(DefaultCacheBehavior.ResponseHeadersPolicyId.Ref);
    expect(site.CustomHeadersConfig.Items.map((h) => h.Header)).not.toContain('Cache-Control');
  });

  it('skips the web app upload with a warning when there is no build', () => {
    const { stacks, templates } = buildApp('noweb', { webDist: 'web/no-such-dist' });
    templates.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(stacks.web).hasWarning('*', Match.stringLikeRegexp('web app is not deployed'));
  });

  it('exports the distribution URL and the WebSocket URL', () => {
    built.templates.web.hasOutput('DistributionUrl', Match.anyValue());
    built.templates.web.hasOutput('WebSocketUrl', Match.anyValue());
  });
});

describe('the whole app', () => {
  it('runs every app function on Node.js 22', () => {
    for (const key of STACK_KEYS) {
      for (const fn of Object.values(lambdas(key))) {
        if (!String(fn.Properties.Description ?? '').startsWith('Trobly ')) continue;
        expect(fn.Properties.Runtime, String(fn.Properties.Description)).toBe('nodejs22.x');
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      }
    }
    const ours = STACK_KEYS.flatMap((k) => Object.values(lambdas(k))).filter((f) =>
      String(f.Properties.Description ?? '').startsWith('Trobly '),
    );
    const consumers = new Set(queueNames.map((n) => queues[n].consumer));
    expect(ours).toHaveLength(
      new Set(deployedHttpRoutes.map((r) => r.handler)).size +
        new Set(webSocketRoutes.map((r) => r.handler)).size +
        consumers.size +
        scheduledTasks.length +
        1, // the run dispatcher, the table stream's consumer
    );
  });

  it('runs every scheduled task from its own rate rule, allowed to send only where it needs', () => {
    const workers = built.templates.workers;
    for (const task of scheduledTasks) {
      expect(existsSync(fromRoot(taskFile(task.handler))), taskFile(task.handler)).toBe(true);
      const fns = Object.entries(lambdas('workers')).filter(([, f]) =>
        String(f.Properties.Description ?? '').includes(`task ${task.name} `),
      );
      expect(fns, task.name).toHaveLength(1);
      const [logicalId] = fns[0]!;
      workers.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: `rate(${task.everyMinutes} minute${task.everyMinutes === 1 ? '' : 's'})`,
        State: 'ENABLED',
        Targets: Match.arrayWith([Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalId, 'Arn'] } })]),
      });
    }
  });

  it('keeps the API stack well inside CloudFormation’s 500 resources, its route functions logging to one group', () => {
    const resources = Object.keys(built.templates.api.toJSON().Resources);
    // Seven a route: function, role, policy, integration, route, permission (and one log group for all).
    expect(resources.length).toBeLessThanOrEqual(460);
    const groups = Object.keys(resourcesOf(built.templates.api, 'AWS::Logs::LogGroup'));
    expect(groups.filter((id) => id.startsWith('RouteLogs'))).toHaveLength(1);
    const [routeLogs] = groups.filter((id) => id.startsWith('RouteLogs'));
    for (const row of deployedHttpRoutes) {
      const fn = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      expect(fn.Properties.LoggingConfig, row.path).toEqual({ LogGroup: { Ref: routeLogs } });
    }
  });

  it('keeps every function log group for one month', () => {
    for (const key of ['realtime', 'workers', 'api'] as const) {
      const groups = Object.values(resourcesOf(built.templates[key], 'AWS::Logs::LogGroup'));
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) expect(g.Properties.RetentionInDays).toBe(30);
    }
  });

  it('orders the stacks data <- realtime <- workers <- api <- web', () => {
    const { data, realtime, workers, api, web } = built.stacks;
    expect(realtime.dependencies).toContain(data);
    expect(workers.dependencies).toContain(realtime);
    expect(api.dependencies).toContain(workers);
    expect(web.dependencies).toContain(api);
    expect(web.dependencies).toContain(built.stacks.edge);
    expect(data.dependencies).toEqual([]);
  });

  it('reports no error annotation on any stack', () => {
    for (const key of STACK_KEYS) {
      expect(Annotations.fromStack(built.stacks[key]).findError('*', Match.anyValue()), key).toEqual([]);
    }
  });

  it('names every stack and resource after the stage', () => {
    const alice = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stacks = createAppStacks(alice, 'alice');
    expect(Object.values(stacks).map((s) => s.stackName)).toEqual([
      'Trobly-alice-Data',
      'Trobly-alice-Realtime',
      'Trobly-alice-Workers',
      'Trobly-alice-Api',
      'Trobly-alice-Web',
      'Trobly-alice-Edge',
    ]);
    buildTemplate(stacks.data).hasResourceProperties('AWS::DynamoDB::Table', { TableName: 'alice-trobly' });
    const workers = buildTemplate(stacks.workers);
    workers.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'alice-trob-runs' });
    workers.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'alice-trobly' });
    for (const s of Object.values(stacks))
      expect(s.tags.tagValues()).toEqual({ app: 'trobly', stage: 'alice' });
  });

  it('refuses a stage name that cannot prefix AWS resource names', () => {
    for (const stage of ['', 'Alice', '1dev', 'dev_1', 'a-very-long-stage-name']) {
      expect(() => createAppStacks(new App(), stage), stage).toThrow(/Invalid stage/);
    }
  });

  it('feeds publicAppUrl from context into every function', () => {
    const withUrl = testApp({
      context: { 'aws:cdk:bundling-stacks': [], publicAppUrl: 'https://app.example.com/' },
    });
    const stacks = createAppStacks(withUrl, 'url');
    for (const stack of [stacks.realtime, stacks.workers, stacks.api]) {
      const fns = Object.values(resourcesOf(buildTemplate(stack), 'AWS::Lambda::Function')).filter((f) =>
        String(f.Properties.Description ?? '').startsWith('Trobly '),
      );
      for (const fn of fns) {
        expect(
          (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.PUBLIC_APP_URL,
        ).toBe('https://app.example.com');
      }
    }
  });
});

function buildTemplate(stack: Stack): Template {
  return Template.fromStack(stack);
}

describe('the AI model grant', () => {
  interface BedrockStatement {
    /** The roles of the policy the statement is in. */
    roles: unknown;
    Action: string | string[];
    Resource: unknown;
  }
  const bedrockStatements = (template: Template): BedrockStatement[] =>
    Object.values(resourcesOf(template, 'AWS::IAM::Policy')).flatMap((p) =>
      (p.Properties.PolicyDocument as { Statement: Parameters<typeof actionsOf>[0] }).Statement.filter((s) =>
        actionsOf([s]).some((a) => a.startsWith('bedrock:')),
      ).map((s) => ({ ...(s as unknown as BedrockStatement), roles: p.Properties.Roles })),
    );

  it('lets only the AI filter stream function and the platform worker (flows) invoke the model: the configured model, streaming only, and tells them so', () => {
    const streamRow = deployedHttpRoutes.find((r) => r.path === '/api/leads/ai-filter')!;
    expect(streamRow.needs).toContain('ai-model');
    const fn = functionByDescription('api', `Trobly ${STAGE} ${streamRow.method} ${streamRow.path}`);
    for (const key of STACK_KEYS) {
      expect(bedrockStatements(built.templates[key]).length, key).toBe(
        key === 'api' || key === 'workers' ? 1 : 0,
      );
    }
    const statement = bedrockStatements(built.templates.api)[0]!;
    expect(statement.roles).toEqual([{ Ref: roleIdOf(fn) }]);
    expect(statement.Action).toBe('bedrock:InvokeModelWithResponseStream');
    expect(statement.Resource).toMatch(
      /^arn:aws:bedrock:[a-z0-9-]+::foundation-model\/anthropic\.claude-3-5-haiku-20241022-v1:0$/,
    );
    expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      AI_PROVIDER: 'bedrock',
      BEDROCK_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0',
    });
    for (const row of deployedHttpRoutes.filter((r) => r !== streamRow)) {
      const other = functionByDescription('api', `Trobly ${STAGE} ${row.method} ${row.path}`);
      const variables = (other.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.AI_PROVIDER, row.path).toBeUndefined();
    }
  });

  it('grants an inference profile from the bedrockModelId context with the model in its destination regions', () => {
    const profile = 'eu.anthropic.claude-3-5-haiku-20241022-v1:0';
    const withProfile = buildApp('prof', { bedrockModelId: profile, region: 'eu-west-1' });
    const statements = bedrockStatements(withProfile.templates.api);
    expect(statements).toHaveLength(1);
    // The profile's ARN holds the account (a token here); the models' ARNs are plain strings.
    const resources = (statements[0]!.Resource as unknown[]).map((r) =>
      typeof r === 'string' ? r : JSON.stringify(r),
    );
    expect(resources.filter((r) => r.includes(`inference-profile/${profile}`))).toHaveLength(1);
    expect(resources.filter((r) => r.includes('inference-profile/'))).toHaveLength(1);
    expect(resources).toContain(
      'arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0',
    );
    expect(resources).toContain(
      'arn:aws:bedrock:eu-west-1::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0',
    );
    expect(resources.filter((r) => r.includes('*'))).toEqual([]);
  });
});

describe('secrets read through the Parameters and Secrets extension (functions/core/secrets.ts)', () => {
  const secretArnVars = ['AUTH_TOKEN_SECRET_ARN', 'PAYMENTS_SECRET_ARN', 'ORIGIN_VERIFY_SECRET_ARN'];

  it('gives the extension layer, its port and a one-minute cache to every function that reads a secret, and to no other', () => {
    let readers = 0;
    for (const key of STACK_KEYS) {
      for (const [id, fn] of Object.entries(lambdas(key))) {
        const env =
          (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        const readsSecret = secretArnVars.some((name) => name in env);
        const layers = JSON.stringify(fn.Properties.Layers ?? []);
        expect(
          layers.includes('ParamsAndSecrets') || layers.includes('Parameters-and-Secrets'),
          `${key}/${id}`,
        ).toBe(readsSecret);
        if (!readsSecret) continue;
        readers++;
        expect(env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, id).toBe('2773');
        expect(env.SECRETS_MANAGER_TTL, id).toBe(String(SECRETS_EXTENSION_TTL_SECONDS));
        expect(env.PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED, id).toBe('true');
      }
    }
    // Every deployed HTTP route reads the origin secret, and $connect the token key.
    expect(readers).toBe(new Set(deployedHttpRoutes.map((r) => r.handler)).size + 1);
  });

  it("passes CloudFormation's template validation, which fails a synthesis on a finding as cdk.json asks", () => {
    // The shared build above ran it (validate: true) and did not throw. The same settings on a queue whose
    // properties CloudFormation would reject: the synthesis fails and names them.
    const broken = (validate: boolean) => {
      const stack = new Stack(
        testApp({ builtinCloudFormationValidation: validate, context: CDK_JSON_CONTEXT }),
        'Probe',
      );
      new CfnResource(stack, 'Queue', {
        type: 'AWS::SQS::Queue',
        properties: { VisibilityTimeout: 'soon', NoSuchProperty: 1 },
      });
      return () => Template.fromStack(stack);
    };
    expect(broken(true)).toThrow(
      /NoSuchProperty[\s\S]*VisibilityTimeout|VisibilityTimeout[\s\S]*NoSuchProperty/,
    );
    // Without it (every other synthesis of these tests, for speed) nothing checks the template.
    expect(broken(false)).not.toThrow();
  });

  it('fails synth when a function is granted a secret without the extension', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    const table = new dynamodb.TableV2(stack, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
    });
    const fn = new AppFunction(stack, 'NoExtension', {
      stage: STAGE,
      entry: fromRoot(handlerFile('health/get-health')),
    });
    const secret = new secretsmanager.Secret(stack, 'Secret');
    expect(() => grantCapabilities(fn, ['auth-secret'], { table, authTokenSecret: secret })).toThrow(
      /needs 'auth-secret', a secret, but was not built with readsSecrets/,
    );
  });
});
