import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysPort } from '../../functions/core/adapters/keys-adapter';
import { localScheduler } from '../../functions/core/adapters/local-scheduler';
import { schedulerPort } from '../../functions/core/adapters/scheduler-adapter';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { sqsClient } from '../../functions/core/clients/sqs';
import { createLogger, setRequestLogFields } from '../../functions/core/logger';
import { queuePort } from '../../functions/core/ports/queue';
import { queueArnEnv, queueUrlEnv } from '../../functions/core/queues';
import { secret } from '../../functions/core/secrets';
import { outerEnv } from '../../scripts/local-cloud/function-runtime/env-scope';
import type { LocalFunction } from '../../scripts/local-cloud/function-runtime/local-functions';
import { RIGHTS_LOG_DIR } from '../../scripts/local-cloud/function-runtime/rights-log';
import {
  runAs,
  schedulerMayDeliver,
  stackFunction,
} from '../../scripts/local-cloud/function-runtime/runtime';
import { asStackFunction, lambdaContext } from '../../scripts/local-cloud/lambda-runtime';
import { type LocalQueues, startLocalQueues } from '../../scripts/local-cloud/sqs';
import { setEnv, useIntegrationEnv } from '../support/integration-env';

/**
 * The local cloud runs each handler as its function of the synthesized stacks: its template's variables
 * and nothing more, and no call its role's policies do not allow, refused before the local service sees
 * it with the error AWS answers. Tests that narrow a function on purpose mark it, so their refusals do not
 * fail the run (test/support/rights-global-setup.ts).
 */
const HEALTH = 'functions/health/get-health.handler.ts';
const DISPATCHER = 'functions/workers/run-dispatcher.stream.ts';
const RUNNER = 'functions/workers/run.worker.ts';

let queues: LocalQueues;

beforeAll(async () => {
  await useIntegrationEnv();
  queues = await startLocalQueues({ stage: 'test' });
  const queueEnv: Record<string, string> = { SQS_ENDPOINT: queues.endpoint };
  for (const name of ['trob-runs', 'flow-runs', 'mail'] as const) {
    queueEnv[queueUrlEnv(name)] = queues.urls[name];
    queueEnv[queueArnEnv(name)] = queues.arns[name];
  }
  setEnv(queueEnv);
});

afterAll(async () => {
  await queues.stop().catch(() => undefined);
});

/** A copy of a stack function with statements or variables taken away, to see what AWS would answer. */
function narrowed(
  fn: LocalFunction,
  options: { withoutActions?: RegExp; withoutVariables?: readonly string[] },
): LocalFunction {
  const { withoutActions } = options;
  const policies = fn.policies.map(({ name, policy }) => {
    const document = policy as { Statement: { Action: string | string[] }[] };
    const Statement = withoutActions
      ? document.Statement.map((s) => ({
          ...s,
          Action: [s.Action].flat().filter((a) => !withoutActions.test(a)),
        })).filter((s) => s.Action.length > 0)
      : document.Statement;
    return { name, policy: { ...document, Statement } };
  });
  // A session of its own: the secrets extension knows a caller by its token.
  const envCopy: Record<string, string> = { ...fn.env, AWS_SESSION_TOKEN: randomUUID() };
  for (const name of options.withoutVariables ?? []) delete envCopy[name];
  return { ...fn, name: `${fn.name}-narrowed`, policies, env: envCopy, narrowedForTest: true };
}

/** An hourly schedule that sends a probe to flow-runs. */
const probeSchedule = (name: string) => ({
  name,
  expression: 'rate(1 hour)',
  timezone: 'UTC',
  target: { queue: 'flow-runs' as const },
  payload: { kind: 'probe' },
});

const caught = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error as Error & { $fault?: string; $metadata?: { httpStatusCode?: number } };
  }
  throw new Error('expected a failure');
};

describe('a handler on the local cloud', () => {
  it('sees its template’s variables and the runtime’s, and none of the local cloud’s own', async () => {
    const health = await stackFunction(HEALTH);
    const seen = await runAs(health, () => ({ ...process.env }));
    expect(seen.TABLE_NAME).toBe(outerEnv().TABLE_NAME);
    expect(seen[queueUrlEnv('trob-runs')]).toBe(queues.urls['trob-runs']);
    expect(seen.APP_RUNTIME).toBe('local');
    expect(seen.AWS_LAMBDA_FUNCTION_NAME).toBe(health.name);
    // The health route reads the table and probes one queue: nothing else is in its environment.
    expect(seen[queueUrlEnv('flow-runs')]).toBeUndefined();
    expect(seen.AUTH_TOKEN_SECRET).toBeUndefined();
    expect(seen.KMS_KEY_ID).toBeUndefined();
    expect(seen.SCHEDULE_GROUP).toBeUndefined();
    expect('AUTH_TOKEN_SECRET' in process.env).toBe(true);
  });

  it('keeps a variable it sets to its own invocation', async () => {
    const health = await stackFunction(HEALTH);
    await runAs(health, () => {
      process.env.SET_BY_A_HANDLER = 'yes';
      expect(process.env.SET_BY_A_HANDLER).toBe('yes');
    });
    expect(process.env.SET_BY_A_HANDLER).toBeUndefined();
    expect(await runAs(health, () => process.env.SET_BY_A_HANDLER)).toBeUndefined();
  });

  it('keeps the request fields a handler logs with to its own invocation (issue 35 point 4)', async () => {
    const lines: string[] = [];
    const log = createLogger({}, { level: 'info', sink: (line) => lines.push(line) });
    // A handler whose middleware sets its request's fields as it starts (the HTTP and WebSocket wrappers).
    const handler = asStackFunction(HEALTH, async () => {
      setRequestLogFields({ requestId: 'req-1', routeKey: 'GET /api/health' });
      log.info('handled');
    });
    await handler({}, lambdaContext('health'));
    log.info('the gateway goes on');
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.info('background work started later');
    const [handled, ...after] = lines.map((line) => JSON.parse(line));
    expect(handled).toMatchObject({ requestId: 'req-1', routeKey: 'GET /api/health' });
    for (const line of after) expect(line).not.toHaveProperty('requestId');
  });

  it('is refused a table write its read-only role does not allow, as DynamoDB refuses it, and nothing is written', async () => {
    const health = narrowed(await stackFunction(HEALTH), {});
    const error = await caught(() =>
      runAs(health, () =>
        dynamo().send(new PutCommand({ TableName: tableName(), Item: { pk: 'RIGHTS#probe', sk: 'x' } })),
      ),
    );
    expect(error.name).toBe('AccessDeniedException');
    expect(error.$fault).toBe('client');
    expect(error.$metadata?.httpStatusCode).toBe(400);
    expect(error.message).toBe(
      `User: ${health.principalArn} is not authorized to perform: dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:000000000000:table/${outerEnv().TABLE_NAME} because no identity-based policy allows the dynamodb:PutItem action`,
    );
    const stored = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: { pk: 'RIGHTS#probe', sk: 'x' } }),
    );
    expect(stored.Item).toBeUndefined();
  });

  it('reads the table its role allows', async () => {
    const health = await stackFunction(HEALTH);
    const out = await runAs(health, () =>
      dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: 'RIGHTS#none', sk: 'x' } })),
    );
    expect(out.Item).toBeUndefined();
  });

  it('is refused a send to a queue its role may not send to, as SQS refuses it', async () => {
    const health = narrowed(await stackFunction(HEALTH), {});
    const error = await caught(() =>
      runAs(health, () =>
        sqsClient().send(new SendMessageCommand({ QueueUrl: queues.urls['trob-runs'], MessageBody: '{}' })),
      ),
    );
    expect(error.name).toBe('AccessDenied');
    expect(error.message).toContain('is not authorized to perform: sqs:SendMessage on resource:');
  });

  it('sends the run dispatch’s flow run when its role allows it, and is refused without that right', async () => {
    const dispatcher = await stackFunction(DISPATCHER);
    await runAs(dispatcher, () => queuePort().send('flow-runs', { probe: 1 }));
    const withoutSend = narrowed(dispatcher, { withoutActions: /^sqs:SendMessage$/ });
    const error = await caught(() => runAs(withoutSend, () => queuePort().send('flow-runs', { probe: 2 })));
    expect(error.name).toBe('AccessDenied');
  });

  it('fails on a missing variable the way it would in AWS', async () => {
    const dispatcher = narrowed(await stackFunction(DISPATCHER), {
      withoutVariables: [queueUrlEnv('flow-runs')],
    });
    const error = await caught(() => runAs(dispatcher, () => queuePort().send('flow-runs', { probe: 3 })));
    expect(error.message).toBe('Invalid environment: QUEUE_URL_FLOW_RUNS is not set');
  });

  it('seals with the cookie key only as a function the stacks give it to', async () => {
    const runner = await stackFunction(RUNNER);
    const sealed = await runAs(runner, () => keysPort().encrypt('cookie', { userId: 'u' }));
    expect(await runAs(runner, () => keysPort().decrypt(sealed, { userId: 'u' }))).toBe('cookie');
    const health = await stackFunction(HEALTH);
    const missing = await caught(() => runAs(health, () => keysPort().encrypt('cookie', { userId: 'u' })));
    expect(missing.message).toBe('Invalid environment: KMS_KEY_ID is not set');
    const withoutKms = narrowed(runner, { withoutActions: /^kms:/ });
    const denied = await caught(() => runAs(withoutKms, () => keysPort().decrypt(sealed, { userId: 'u' })));
    expect(denied.name).toBe('AccessDeniedException');
    expect(denied.message).toContain('kms:Decrypt on resource: arn:aws:kms:us-east-1:000000000000:key/');
  });

  it('manages schedules only as a function the stacks let pass the scheduler its role', async () => {
    const dispatcher = await stackFunction(DISPATCHER);
    const spec = probeSchedule('rights-probe');
    await runAs(dispatcher, () => schedulerPort().put(spec));
    expect(await runAs(dispatcher, () => schedulerPort().get(spec.name))).toMatchObject({ name: spec.name });
    const withoutPass = narrowed(dispatcher, { withoutActions: /^iam:PassRole$/ });
    const denied = await caught(() => runAs(withoutPass, () => schedulerPort().put(spec)));
    expect(denied.name).toBe('AccessDeniedException');
    expect(denied.message).toContain('iam:PassRole');
    await runAs(dispatcher, () => schedulerPort().remove(spec.name));
  });

  it('lets EventBridge Scheduler deliver with the role a function passed to the run queues it names, and nowhere else', async () => {
    const dispatcher = await stackFunction(DISPATCHER);
    const roleArn = dispatcher.env.SCHEDULER_ROLE_ARN!;
    expect(await schedulerMayDeliver({ roleArn, queueArn: queues.arns['flow-runs'] })).toBe(true);
    expect(await schedulerMayDeliver({ roleArn, queueArn: queues.arns['trob-runs'] })).toBe(true);
    expect(
      await schedulerMayDeliver({ roleArn, queueArn: queues.arns.mail }, { refusalExpected: true }),
    ).toBe(false);
    // A role the scheduler does not assume (a function's own) delivers nothing.
    expect(
      await schedulerMayDeliver({ roleArn: dispatcher.roleArn, queueArn: queues.arns['flow-runs'] }),
    ).toBe(false);
  });

  it('keeps a schedule with the target ARN and role its function named, and reads it back by that ARN', async () => {
    const dispatcher = await stackFunction(DISPATCHER);
    const spec = probeSchedule('delivery-probe');
    await runAs(dispatcher, () => schedulerPort().put(spec));
    expect(await localScheduler().stored(spec.name)).toMatchObject({
      targetArn: queues.arns['flow-runs'],
      roleArn: dispatcher.env.SCHEDULER_ROLE_ARN,
    });
    // A function whose env names no queue with that ARN reads no schedule, as in AWS.
    const blind = narrowed(dispatcher, { withoutVariables: [queueArnEnv('flow-runs')] });
    expect(await runAs(blind, () => schedulerPort().get(spec.name))).toBeUndefined();
    expect(await runAs(dispatcher, () => schedulerPort().get(spec.name))).toMatchObject({
      target: { queue: 'flow-runs' },
    });
    await runAs(dispatcher, () => schedulerPort().remove(spec.name));
  });

  it('reads a secret through the secrets extension only when its role may', async () => {
    const login = await stackFunction('functions/auth/login.handler.ts');
    expect(await runAs(login, () => secret('AUTH_TOKEN_SECRET'))).toBe(outerEnv().AUTH_TOKEN_SECRET);
    const withoutRead = narrowed(login, { withoutActions: /^secretsmanager:/ });
    const denied = await caught(() => runAs(withoutRead, () => secret('AUTH_TOKEN_SECRET')));
    expect(denied.message).toContain('AccessDeniedException: User: ');
    expect(denied.message).toContain('secretsmanager:GetSecretValue');
  });

  it('records each decision with the statement that allowed it, for npm run rights', async () => {
    const health = await stackFunction(HEALTH);
    await runAs(health, () =>
      dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: 'RIGHTS#recorded', sk: 'x' } })),
    );
    const dir = process.env.RIGHTS_LOG_DIR ?? RIGHTS_LOG_DIR;
    const lines = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
      .map((l) => JSON.parse(l) as { entry: string; action: string; allowed: boolean; grants: string[] });
    const read = lines.find((l) => l.entry === HEALTH && l.action === 'dynamodb:GetItem');
    expect(read?.allowed).toBe(true);
    expect(read?.grants.some((g) => g.endsWith(':dynamodb:GetItem'))).toBe(true);
  });
});
