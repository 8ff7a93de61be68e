import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Logger } from '../core/logger';
import type { MailPort } from '../core/ports/mail';
import type { QueuePort } from '../core/ports/queue';
import { claimMailSend, markMailSent, releaseMailSend } from './mail-send-repository';
import { registrationAttemptMail, resetMail, verificationMail } from './mail-templates';
import { appUrl, displayName, issueOneTimeToken } from './one-time-tokens';
import { findUserByEmail } from './user-repository';

/**
 * Account e-mails go through the `mail` queue (functions/core/queues.ts) as jobs that name only an
 * address. The request path queues the same job whether or not the address has an account, and the mail
 * worker finds out and does the rest (token, template, send): a known address costs the request no more
 * than an unknown one, so neither the answer nor its timing tells them apart (spec 2.4-2.7).
 */
export const mailJob = z.object({
  /**
   * Given as the job is queued, so every copy of it (a redelivery, a send the SDK retried) is done once
   * (mail-send-repository.ts). A job queued without one is known by its message id.
   */
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  kind: z.enum(['verification', 'password-reset', 'sign-up-attempt']),
  email: z.string().check(z.minLength(3), z.maxLength(254)),
});
export type MailJob = z.infer<typeof mailJob>;

/** What the request path holds: queues a job and returns once the queue has it. */
export interface MailJobQueue {
  enqueue(job: Omit<MailJob, 'id'>): Promise<void>;
}

export function queuedMailJobs(queue: QueuePort): MailJobQueue {
  return {
    async enqueue(job) {
      await queue.send('mail', { id: randomUUID(), ...job });
    },
  };
}

/** The worker's side: does what a job asks, for an account that exists; nothing for an unknown address. */
export interface MailJobRunnerDeps {
  mail: MailPort;
  log: Logger;
  now: () => Date;
}

/** Another delivery of the job holds its lock: this one is retried, and finds it done or free then. */
export class MailJobBusyError extends Error {
  constructor() {
    super('The mail job is being sent by another delivery');
    this.name = 'MailJobBusyError';
  }
}

export function createMailJobRunner({ mail, log, now }: MailJobRunnerDeps) {
  /**
   * Does a delivered job once (mail-send-repository.ts): a copy of a job done already is acknowledged, a
   * copy of one in progress is retried (MailJobBusyError), and a job that fails is let go for its retry.
   */
  return async function runOnce(job: MailJob, messageId: string): Promise<void> {
    const claim = await claimMailSend(job.id ?? messageId, now());
    if (claim.kind === 'sent') {
      log.info('mail job already done: a copy of it is dropped', { kind: job.kind });
      return;
    }
    if (claim.kind === 'sending') throw new MailJobBusyError();
    try {
      await run(job);
    } catch (error) {
      await releaseMailSend(claim).catch((releaseError: unknown) => {
        log.warn('mail job not let go: its retry waits for the lock to run out', { error: releaseError });
      });
      throw error;
    }
    // Sent: a failure here must not fail the message, whose retry would send the mail again.
    await markMailSent(claim, now()).catch((error: unknown) => {
      log.warn('mail sent but not marked sent: a copy after its lock runs out would send it again', {
        error,
      });
    });
  };

  async function run(job: MailJob): Promise<void> {
    const user = await findUserByEmail(job.email);
    if (!user) {
      log.info('mail job for an address without an account', { kind: job.kind });
      return;
    }
    switch (job.kind) {
      case 'verification': {
        // Verified meanwhile (or a resend for a verified address): there is nothing to verify.
        if (user.emailVerified) break;
        const token = await issueOneTimeToken(user.id, 'verify-email', now());
        await mail.send(
          verificationMail(user.email, displayName(user), appUrl(`/verify-email?token=${token}`)),
        );
        break;
      }
      case 'password-reset': {
        const token = await issueOneTimeToken(user.id, 'reset-password', now());
        await mail.send(resetMail(user.email, displayName(user), appUrl(`/reset-password?token=${token}`)));
        break;
      }
      case 'sign-up-attempt':
        await mail.send(
          registrationAttemptMail(
            user.email,
            displayName(user),
            appUrl('/login'),
            appUrl('/forgot-password'),
          ),
        );
        break;
    }
    log.info('mail job done', { kind: job.kind, userId: user.id });
  }
}
