import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { MailJobBusyError, mailJob } from '../auth/mail-jobs';
import { runMailJob } from '../auth/mail-sender-deps';
import { logger, withRequestLogFields } from '../core/logger';

/**
 * Consumes the `mail` queue: each record is one account e-mail job (functions/auth/mail-jobs.ts). The
 * records of a batch are independent mails, so they run together and each failure is reported alone
 * (partial batch failures): a failed mail comes back after the visibility timeout and moves to the DLQ
 * after maxReceiveCount, without sending the others twice. SQS delivers at least once, so each job is
 * claimed by its id before it is done (functions/auth/mail-send-repository.ts): a copy of a job already
 * sent is acknowledged, a copy of one being sent comes back later. Bodies name an address: never logged.
 */
export function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  // An invocation is not a request: its lines carry the worker's name, and no request's fields.
  return withRequestLogFields({ worker: 'mail-sender' }, () => sendMails(event));
}

async function sendMails(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const log = logger.child({ messageId: record.messageId });
      try {
        const parsed = mailJob.safeParse(JSON.parse(record.body));
        if (!parsed.success) throw new Error(`Malformed mail job: ${parsed.error.issues[0]?.message}`);
        await runMailJob(parsed.data, record.messageId);
      } catch (error) {
        const receiveCount = record.attributes.ApproximateReceiveCount;
        if (error instanceof MailJobBusyError) log.info('mail job sent by another delivery: retried later');
        else log.error('mail job failed', { error, receiveCount });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures };
}
