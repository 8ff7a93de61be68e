import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { mailJob } from '../auth/mail-jobs';
import { runMailJob } from '../auth/mail-sender-deps';
import { logger, setRequestLogFields } from '../core/logger';

/**
 * Consumes the `mail` queue: each record is one account e-mail job (functions/auth/mail-jobs.ts). The
 * records of a batch are independent mails, so they run together and each failure is reported alone
 * (partial batch failures): a failed mail comes back after the visibility timeout and moves to the DLQ
 * after maxReceiveCount, without sending the others twice. Bodies name an address: never logged.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  // An invocation is not a request: no request's fields may carry over into its lines.
  setRequestLogFields({ worker: 'mail-sender' });
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const log = logger.child({ messageId: record.messageId });
      try {
        const parsed = mailJob.safeParse(JSON.parse(record.body));
        if (!parsed.success) throw new Error(`Malformed mail job: ${parsed.error.issues[0]?.message}`);
        await runMailJob(parsed.data);
      } catch (error) {
        log.error('mail job failed', { error, receiveCount: record.attributes.ApproximateReceiveCount });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures };
}
