import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { mailPort } from '../../functions/core/adapters/mail-adapter';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { queueUrlEnv } from '../../functions/core/queues';
import { type LocalCloud, startLocalCloud } from '../../scripts/local-cloud';
import { lastMailTo, SUBJECTS } from '../support/outbox';

let cloud: LocalCloud | undefined;

afterEach(async () => {
  await cloud?.stop();
  cloud = undefined;
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the local cloud (npm start)', () => {
  it('keeps table items and queued messages across a restart of the whole stack', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'trobly-state-'));
    cloud = await startLocalCloud({ port: 0, stateDir });
    const health = await fetch(`${cloud.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', checks: { dynamodb: 'ok', queue: 'ok' } });

    const credentials = LOCAL_CREDENTIALS;
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'us-east-1', endpoint: cloud.env.DYNAMODB_ENDPOINT, credentials }),
    );
    await doc.send(
      new PutCommand({ TableName: cloud.env.TABLE_NAME, Item: { pk: 'USER#1', sk: 'NOTE', text: 'kept' } }),
    );
    const sqs = new SQSClient({ region: 'us-east-1', endpoint: cloud.env.SQS_ENDPOINT, credentials });
    // The DLQ has no consumer, so the message waits there until the restart.
    const dlqUrl = cloud.env.QUEUE_URL_FLOW_RUNS!.replace(/flow-runs$/, 'flow-runs-dlq');
    await sqs.send(
      new SendMessageCommand({ QueueUrl: dlqUrl, MessageBody: '{"kind":"x","runId":"r","userId":"u"}' }),
    );
    const javaPid = cloud.dynamoPid!;
    await cloud.stop();
    cloud = undefined;
    expect(isAlive(javaPid)).toBe(false);

    cloud = await startLocalCloud({ port: 0, stateDir });
    const doc2 = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'us-east-1', endpoint: cloud.env.DYNAMODB_ENDPOINT, credentials }),
    );
    const item = await doc2.send(
      new GetCommand({ TableName: cloud.env.TABLE_NAME, Key: { pk: 'USER#1', sk: 'NOTE' } }),
    );
    expect(item.Item?.text).toBe('kept');
    const sqs2 = new SQSClient({ region: 'us-east-1', endpoint: cloud.env.SQS_ENDPOINT, credentials });
    const attributes = await sqs2.send(
      new GetQueueAttributesCommand({
        QueueUrl: cloud.env.QUEUE_URL_FLOW_RUNS!.replace(/flow-runs$/, 'flow-runs-dlq'),
        AttributeNames: ['ApproximateNumberOfMessages'],
      }),
    );
    expect(attributes.Attributes?.ApproximateNumberOfMessages).toBe('1');
    sqs.destroy();
    sqs2.destroy();
  });

  it('writes each e-mail to the outbox as one JSON file with its links', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'trobly-state-'));
    cloud = await startLocalCloud({ port: 0, stateDir, persist: false });
    await mailPort().send({
      to: 'ada@example.com',
      subject: 'Verify your email',
      text: `Open ${cloud.url}/verify-email?token=abc to verify.`,
      html: `<a href="${cloud.url}/verify-email?token=abc">Verify</a>`,
    });
    const files = readdirSync(join(stateDir, 'outbox'));
    expect(files).toHaveLength(1);
    const mail = JSON.parse(readFileSync(join(stateDir, 'outbox', files[0]!), 'utf8'));
    expect(mail).toMatchObject({
      to: 'ada@example.com',
      subject: 'Verify your email',
      links: [`${cloud.url}/verify-email?token=abc`],
    });
    expect(Date.parse(mail.sentAt)).not.toBeNaN();
  });

  it('creates the mail queue and polls it: a sign-up answers at once and its e-mail reaches the outbox', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'trobly-state-'));
    cloud = await startLocalCloud({ port: 0, stateDir, persist: false });
    expect(cloud.env[queueUrlEnv('mail')]).toMatch(/mail$/);
    const email = 'grace@example.com';
    const res = await fetch(`${cloud.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, username: 'grace_hopper', password: 'Sturdy-Lantern-42' }),
    });
    expect(res.status).toBe(201);
    const mail = await lastMailTo(stateDir, email, SUBJECTS.verification);
    expect(mail.links.some((link) => new URL(link).pathname === '/verify-email')).toBe(true);
  });
});
