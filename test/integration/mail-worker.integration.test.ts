import { randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../functions/auth/user-repository';
import { useIntegrationEnv } from '../support/integration-env';
import { mailsTo, SUBJECTS } from '../support/outbox';

/** The mail worker called as Lambda calls it, against DynamoDB Local and the outbox. */
let stateDir: string;
let handler: (event: SQSEvent) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;

beforeAll(async () => {
  ({ stateDir } = await useIntegrationEnv({ PUBLIC_APP_URL: 'https://app.trobly.test' }));
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  ({ handler } = await import('../../functions/workers/mail-sender.worker'));
});

const record = (messageId: string, body: string): SQSRecord =>
  ({
    messageId,
    receiptHandle: messageId,
    body,
    attributes: { ApproximateReceiveCount: '1' },
    messageAttributes: {},
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:test-mail',
  }) as unknown as SQSRecord;

async function account(emailVerified: boolean): Promise<string> {
  const email = `${randomUUID().slice(0, 8)}@example.test`;
  const at = new Date().toISOString();
  await createUser({
    id: randomUUID(),
    email,
    username: `u_${randomUUID().slice(0, 8)}`,
    plan: 'FREE',
    trialEndsAt: null,
    emailVerified,
    createdAt: at,
    passwordHash: 'not-a-password',
    passwordChangedAt: at,
  });
  return email;
}

describe('mail worker', () => {
  it('sends each job for an account, nothing for an unknown address, and reports only malformed records as failed', async () => {
    const [unverified, verified] = [await account(false), await account(true)];
    const unknown = `${randomUUID()}@example.test`;
    const out = await handler({
      Records: [
        record('1', JSON.stringify({ kind: 'verification', email: unverified })),
        record('2', JSON.stringify({ kind: 'password-reset', email: verified })),
        record('3', JSON.stringify({ kind: 'sign-up-attempt', email: verified })),
        record('4', JSON.stringify({ kind: 'verification', email: verified })),
        record('5', JSON.stringify({ kind: 'password-reset', email: unknown })),
        record('6', JSON.stringify({ kind: 'unheard-of', email: verified })),
        record('7', 'not json'),
      ],
    });
    expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['6', '7']);
    expect((await mailsTo(stateDir, unverified)).map((m) => m.subject)).toEqual([
      expect.stringContaining(SUBJECTS.verification),
    ]);
    // A verified address gets no verification link; the reset and the sign-up notice arrive.
    const subjects = (await mailsTo(stateDir, verified)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      expect.stringContaining(SUBJECTS.reset),
      expect.stringContaining(SUBJECTS.signUpAttempt),
    ]);
    expect(await mailsTo(stateDir, unknown)).toEqual([]);
  });
});
