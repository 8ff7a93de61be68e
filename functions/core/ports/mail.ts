import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { outboxMailer } from '../adapters/outbox-mailer';
import { sesClient } from '../clients/ses';
import { env } from '../env';

/** Mail port: SES in AWS, a file outbox on the local cloud. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}

export function sesMailer(client: SESv2Client = sesClient(), from = env().MAIL_FROM): MailPort {
  return {
    async send({ to, subject, text, html }) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          Content: {
            Simple: {
              Subject: { Data: subject, Charset: 'UTF-8' },
              Body: { Text: { Data: text, Charset: 'UTF-8' }, Html: { Data: html, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
}

let chosen: { port: MailPort; outbox: string | undefined } | undefined;
/** The mail port to build services with: the adapter is chosen per send (see currentMailer). */
export function mailPort(): MailPort {
  return { send: (message) => currentMailer().send(message) };
}

function currentMailer(): MailPort {
  // Chosen again when the outbox moved: a local cloud restarted in one process (tests) has a new state dir.
  // Written out, not env().APP_RUNTIME: deployed bundles drop the outbox mailer (see env.ts).
  const outbox = process.env.APP_RUNTIME === 'local' ? env().LOCAL_STATE_DIR : undefined;
  if (!chosen || chosen.outbox !== outbox) {
    chosen = { port: outbox === undefined ? sesMailer() : outboxMailer(outbox), outbox };
  }
  return chosen.port;
}
