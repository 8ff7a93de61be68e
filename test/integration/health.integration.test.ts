import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueArnEnv, queueUrlEnv } from '../../functions/core/queues';
import { freePort } from '../../scripts/local-cloud/dynamodb';
import { type LocalQueues, startLocalQueues } from '../../scripts/local-cloud/sqs';
import { startGateway } from '../support/gateway-server';
import { setEnv, useIntegrationEnv } from '../support/integration-env';

let queues: LocalQueues;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let dynamoEndpoint: string;

beforeAll(async () => {
  ({ dynamoEndpoint } = await useIntegrationEnv());
  queues = await startLocalQueues({ stage: 'test' });
  setEnv({
    SQS_ENDPOINT: queues.endpoint,
    [queueUrlEnv('trob-runs')]: queues.urls['trob-runs'],
    [queueArnEnv('trob-runs')]: queues.arns['trob-runs'],
  });
  gateway = await startGateway();
});

afterAll(async () => {
  await gateway.close();
  await queues.stop().catch(() => undefined);
});

describe('GET /api/health', () => {
  it('answers 200 with every check ok when DynamoDB and the queue answer', async () => {
    const res = await fetch(`${gateway.base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { dynamodb: 'ok', queue: 'ok' } });
  });

  it('answers 503 naming dynamodb when the table cannot be reached', async () => {
    setEnv({ DYNAMODB_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    try {
      const res = await fetch(`${gateway.base}/api/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'degraded', checks: { dynamodb: 'failing', queue: 'ok' } });
    } finally {
      setEnv({ DYNAMODB_ENDPOINT: dynamoEndpoint });
    }
  });

  it('answers 503 naming the queue when the queue service is down', async () => {
    await queues.stop();
    const res = await fetch(`${gateway.base}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'degraded', checks: { dynamodb: 'ok', queue: 'failing' } });
  });
});
