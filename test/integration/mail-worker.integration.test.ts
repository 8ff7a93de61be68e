import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { claimMailSend, MAIL_SEND_LOCK_MS } from '../../functions/auth/mail-send-repository';
import { createUser } from '../../functions/auth/user-repository';
import { asFunction } from '../support/functions';
import { setEnv, useIntegrationEnv } from '../support/integration-env';
import { mailsTo, SUBJECTS } from '../support/outbox';

/** The mail worker called as Lambda calls it, against DynamoDB Local and the outbox. */
let stateDir: string;
let handler: (event: SQSEvent) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;

beforeAll(async () => {
  ({ stateDir } = await useIntegrationEnv({ PUBLIC_APP_URL: 'https://app.trobly.test' }));
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const worker = await import('../../functions/workers/mail-sender.worker');
  handler = asFunction('functions/workers/mail-sender.worker.ts', worker.handler);
});

const record = (messageId: string, body: string, receiveCount = 1): SQSRecord =>
  ({
    messageId,
    receiptHandle: messageId,
    body,
    attributes: { ApproximateReceiveCount: String(receiveCount) },
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

/** A reset job as the request path queues it (functions/auth/mail-jobs.ts): it always sends a mail. */
const resetJob = (email: string) => JSON.stringify({ id: randomUUID(), kind: 'password-reset', email });
const failedIds = (out: { batchItemFailures: { itemIdentifier: string }[] }) =>
  out.batchItemFailures.map((f) => f.itemIdentifier);

describe('mail worker under at-least-once delivery', () => {
  it('sends one e-mail for a message delivered again and for a job queued in two messages', async () => {
    const email = await account(true);
    const body = resetJob(email);
    expect(failedIds(await handler({ Records: [record('again-1', body)] }))).toEqual([]);
    // SQS hands the same message out again (its deletion was lost, or the visibility timeout passed).
    expect(failedIds(await handler({ Records: [record('again-1', body, 2)] }))).toEqual([]);
    // The same job in a second message (a send the SDK retried): acknowledged, not sent.
    expect(failedIds(await handler({ Records: [record('again-2', body)] }))).toEqual([]);
    expect(await mailsTo(stateDir, email)).toHaveLength(1);
  });

  it('sends one e-mail when a second delivery of the job comes while the first is being sent', async () => {
    const email = await account(true);
    const body = resetJob(email);
    const outs = await Promise.all([
      handler({ Records: [record('twice-1', body)] }),
      handler({ Records: [record('twice-2', body)] }),
    ]);
    // The one that met the other's lock is retried by SQS, and then finds the job done.
    const retried = outs.flatMap(failedIds);
    expect(retried.length).toBeLessThanOrEqual(1);
    for (const id of retried)
      expect(failedIds(await handler({ Records: [record(id, body, 2)] }))).toEqual([]);
    expect(await mailsTo(stateDir, email)).toHaveLength(1);
  });

  it('retries a job another delivery is sending, and sends it once that lock ran out (a worker that died mid-send)', async () => {
    const email = await account(true);
    const body = resetJob(email);
    // A worker claimed the job and died before its send.
    expect((await claimMailSend(JSON.parse(body).id, new Date())).kind).toBe('claimed');
    expect(failedIds(await handler({ Records: [record('dead-1', body)] }))).toEqual(['dead-1']);
    expect(await mailsTo(stateDir, email)).toEqual([]);
    // SQS hands it out again after its visibility timeout, which is longer than the lock.
    vi.useFakeTimers({
      toFake: ['Date'],
      now: Date.now() + MAIL_SEND_LOCK_MS + 1000,
      shouldAdvanceTime: true,
    });
    try {
      expect(failedIds(await handler({ Records: [record('dead-1', body, 2)] }))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    expect(await mailsTo(stateDir, email)).toHaveLength(1);
  });

  it('sends on its retry a mail whose send failed', async () => {
    const email = await account(true);
    const body = resetJob(email);
    // An outbox that cannot be written: a file where its folder should be.
    const broken = mkdtempSync(join(tmpdir(), 'trobly-broken-outbox-'));
    writeFileSync(join(broken, 'outbox'), '');
    setEnv({ LOCAL_STATE_DIR: broken });
    try {
      expect(failedIds(await handler({ Records: [record('failed-1', body)] }))).toEqual(['failed-1']);
    } finally {
      setEnv({ LOCAL_STATE_DIR: stateDir });
    }
    expect(await mailsTo(stateDir, email)).toEqual([]);
    expect(failedIds(await handler({ Records: [record('failed-1', body, 2)] }))).toEqual([]);
    const mails = await mailsTo(stateDir, email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining(SUBJECTS.reset)]);
  });
});
