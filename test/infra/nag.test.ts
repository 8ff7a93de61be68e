import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type QueueName, queueArnEnv, queueUrlEnv } from '../../functions/core/queues';
import type { Capability } from '../../functions/routes';
import { createAppStacks } from '../../lib/app-stacks';
import { AppFunction } from '../../lib/constructs/app-function';
import { DataStack } from '../../lib/data-stack';
import { grantCapabilities } from '../../lib/grants';
import { checkAwsSolutions, type NagResult, nagSuppressions } from '../../lib/nag-suppressions';
import { httpHandlerEntry } from '../../lib/paths';
import { type BuiltApp, buildApp, resourcesOf, STACK_KEYS, testApp } from './app';

const ALL_CAPABILITIES: readonly Capability[] = [
  'queue:trob-runs',
  'queue:flow-runs',
  'queue:mail',
  'scheduler',
  'mail',
  'keys',
  'realtime-push',
];

/** A function that needs every capability, so every grant (and its nag findings) is exercised. */
function capabilityFixture() {
  const app = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
  const data = new DataStack(app, 'Trobly-fixture-Data', { stage: 'fixture' });
  const stack = new Stack(app, 'Trobly-fixture-Api');
  const queue = (name: QueueName) =>
    sqs.Queue.fromQueueArn(stack, name, `arn:aws:sqs:us-east-1:123456789012:fixture-${name}`);
  const queues = { 'trob-runs': queue('trob-runs'), 'flow-runs': queue('flow-runs'), mail: queue('mail') };
  const fn = new AppFunction(stack, 'Everything', {
    stage: 'fixture',
    entry: httpHandlerEntry('health/get-health'),
  });
  grantCapabilities(fn, ALL_CAPABILITIES, {
    table: data.table,
    queues,
    cookieKey: data.cookieKey,
    scheduler: {
      groupName: 'fixture-trobly',
      role: iam.Role.fromRoleArn(stack, 'SchedulerRole', 'arn:aws:iam::123456789012:role/fixture-scheduler'),
      targetQueues: { 'flow-runs': queues['flow-runs'] },
    },
    realtime: {
      apiId: 'abc123',
      stageName: 'live',
      endpoint: 'https://abc123.execute-api.us-east-1.amazonaws.com/live',
    },
    publicAppUrl: 'https://app.example.com',
    mailFrom: 'Trobly <no-reply@example.com>',
  });
  const template = Template.fromStack(stack);
  return { app, stack, template, nag: checkAwsSolutions(app) };
}

let built: BuiltApp;
let appNag: NagResult;
let fixture: ReturnType<typeof capabilityFixture>;

beforeAll(() => {
  // A built web app of its own, so the BucketDeployment (and its findings) exist even before `npm run build:web`.
  const webDist = mkdtempSync(join(tmpdir(), 'trobly-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Trobly</title>');
  built = buildApp('nag', { webDist });
  appNag = checkAwsSolutions(built.app);
  fixture = capabilityFixture();
});

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unsuppressed finding (error or warning) in any stack', () => {
    for (const key of STACK_KEYS) {
      const prefix = `${built.stacks[key].node.path}/`;
      const findings = appNag.violations.flatMap((v) =>
        v.violatingResources
          .filter((r) => r.constructPath?.startsWith(prefix))
          .map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`),
      );
      expect(findings, key).toEqual([]);
    }
  });

  it('gives every suppression its own reason of at least 10 characters', () => {
    for (const s of nagSuppressions)
      expect(s.reason.trim().length, String(s.finding)).toBeGreaterThanOrEqual(10);
    expect(new Set(nagSuppressions.map((s) => s.reason)).size).toBe(nagSuppressions.length);
  });

  it('uses every suppression somewhere (the app, or a function that needs every capability)', () => {
    const used = [...appNag.suppressed, ...fixture.nag.suppressed].map((s) => s.reason);
    const unused = nagSuppressions.filter((s) => !used.includes(s.reason)).map((s) => String(s.finding));
    expect(unused).toEqual([]);
  });

  it('keeps the capability fixture clean too, so a route that needs scheduler or mail still synthesizes', () => {
    expect(fixture.nag.violations.map((v) => v.ruleName)).toEqual([]);
  });

  it('still flags an unscoped statement that is not X-Ray on a function role', () => {
    const app = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    const data = new DataStack(app, 'Trobly-probe-Data', { stage: 'probe' });
    const stack = new Stack(app, 'Trobly-probe-Api');
    const fn = new AppFunction(stack, 'Probe', {
      stage: 'probe',
      entry: httpHandlerEntry('health/get-health'),
    });
    grantCapabilities(fn, [], { table: data.table });
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:ListAllMyBuckets'], resources: ['*'] }),
    );
    Template.fromStack(stack);
    const findings = checkAwsSolutions(app).violations.map((v) => v.ruleName);
    expect(findings).toEqual(['AwsSolutions-IAM5[Resource::*]']);
  });

  it('fails synth on a finding nobody suppressed', () => {
    const app = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stacks = createAppStacks(app, 'bad');
    new sqs.Queue(stacks.workers, 'Unprotected', { encryption: sqs.QueueEncryption.UNENCRYPTED });
    expect(() => Template.fromStack(stacks.workers)).toThrow(/AwsSolutions-SQS/);
  });
});

describe('capability grants (lib/grants.ts)', () => {
  const env = () => {
    const fn = Object.values(resourcesOf(fixture.template, 'AWS::Lambda::Function'))[0]!;
    return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  };

  it('puts the env var of every capability into the function', () => {
    expect(Object.keys(env())).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'PUBLIC_APP_URL',
        'MAIL_FROM',
        'KMS_KEY_ID',
        'SCHEDULE_GROUP',
        'SCHEDULER_ROLE_ARN',
        'REALTIME_ENDPOINT',
        queueUrlEnv('trob-runs'),
        queueArnEnv('trob-runs'),
        queueUrlEnv('flow-runs'),
        queueArnEnv('flow-runs'),
        queueUrlEnv('mail'),
        queueArnEnv('mail'),
      ]),
    );
    expect(env().SCHEDULE_GROUP).toBe('fixture-trobly');
    expect(env().REALTIME_ENDPOINT).toBe('https://abc123.execute-api.us-east-1.amazonaws.com/live');
  });

  it('scopes scheduler rights to the stage group and PassRole to the scheduler role', () => {
    const statements = Object.values(resourcesOf(fixture.template, 'AWS::IAM::Policy')).flatMap(
      (p) =>
        (
          p.Properties.PolicyDocument as {
            Statement: { Action: unknown; Resource: unknown; Condition?: unknown }[];
          }
        ).Statement,
    );
    const schedule = statements.find((s) => JSON.stringify(s.Action).includes('scheduler:CreateSchedule'))!;
    expect(JSON.stringify(schedule.Resource)).toContain(':schedule/fixture-trobly/*');
    const pass = statements.find((s) => s.Action === 'iam:PassRole')!;
    expect(pass.Resource).toBe('arn:aws:iam::123456789012:role/fixture-scheduler');
    expect(pass.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it('refuses a capability whose target the stack does not have', () => {
    const app = testApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    const data = new DataStack(app, 'D', { stage: 'x' });
    const stack = new Stack(app, 'S');
    const fn = new AppFunction(stack, 'F', { stage: 'x', entry: httpHandlerEntry('health/get-health') });
    expect(() => grantCapabilities(fn, ['scheduler'], { table: data.table })).toThrow(/needs 'scheduler'/);
  });
});
