import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildBuildOptions } from '../../lib/constructs/app-function';
import { type LocalQueues, startLocalQueues } from '../../scripts/local-cloud/sqs';
import { useIntegrationEnv } from '../support/integration-env';

/**
 * Runs the Lambda artifact itself, as CDK bundles it, the way Lambda would: APP_RUNTIME=aws, credentials
 * only in env vars (the bundle's credential provider), endpoints redirected with the SDK's own
 * AWS_ENDPOINT_URL_* variables to DynamoDB Local and fauxqs.
 */
let queues: LocalQueues;
let tableName: string;
let dynamoEndpoint: string;
let bundle: string;
const ORIGIN_SECRET = 'bundle-test-origin-secret-of-32-characters';

beforeAll(async () => {
  ({ tableName, dynamoEndpoint } = await useIntegrationEnv());
  queues = await startLocalQueues({ stage: 'bundle' });
  const outdir = mkdtempSync(join(tmpdir(), 'trobly-bundle-'));
  await build(
    esbuildBuildOptions(join(import.meta.dirname, '../../functions/health/get-health.handler.ts'), outdir),
  );
  bundle = join(outdir, 'index.mjs');
});

afterAll(async () => {
  await queues.stop();
});

function invokeBundle(env: Record<string, string>): { statusCode: number; body: string; logs: string } {
  const event = {
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    // As CloudFront sends it (functions/core/origin.ts); env() below holds the same secret.
    headers: { 'x-origin-verify': ORIGIN_SECRET },
    requestContext: { requestId: 'bundle-test', http: { method: 'GET', path: '/api/health' } },
    isBase64Encoded: false,
  };
  const script = `const { handler } = await import(${JSON.stringify(bundle)});
    const out = await handler(${JSON.stringify(event)}, { awsRequestId: 'x', getRemainingTimeInMillis: () => 10000 });
    process.stdout.write(JSON.stringify(out));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ORIGIN_VERIFY_SECRET: ORIGIN_SECRET, ...env },
    encoding: 'utf8',
  });
  // The handler's warnings come first, one JSON line each; the result is the last line.
  const lines = out.trim().split('\n');
  return { ...JSON.parse(lines.at(-1)!), logs: lines.slice(0, -1).join('\n') };
}

describe('the bundled health function, run as in Lambda', () => {
  // fauxqs names its queues on a virtual host (sqs.<region>.localhost); an SQS client without a fixed
  // endpoint, as in Lambda, sends to the queue URL's host, which this machine cannot resolve. So the
  // signed call that proves the credentials is DynamoDB's; the queue probe is covered by health tests.
  it('reads the table with the credentials Lambda puts in the environment', () => {
    const result = invokeBundle({
      APP_RUNTIME: 'aws',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_SESSION_TOKEN: 'session',
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
      AWS_ENDPOINT_URL_SQS: queues.endpoint,
      TABLE_NAME: tableName,
      QUEUE_URL_TROB_RUNS: queues.urls['trob-runs'],
    });
    expect(JSON.parse(result.body).checks.dynamodb, result.logs).toBe('ok');
  });

  it('fails its checks, with no other credential source to fall back on, when the env holds none', () => {
    const result = invokeBundle({
      APP_RUNTIME: 'aws',
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
      AWS_ENDPOINT_URL_SQS: queues.endpoint,
      TABLE_NAME: tableName,
      QUEUE_URL_TROB_RUNS: queues.urls['trob-runs'],
    });
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toEqual({
      status: 'degraded',
      checks: { dynamodb: 'failing', queue: 'failing' },
    });
  });
});
