import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { outboxMailer } from '../adapters/outbox-mailer';
import { sesClient } from '../clients/ses';
import { env } from '../env';
import { authorizeLocal, LOCAL_ACCOUNT_ID } from '../local-runtime';

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

let ses: MailPort | undefined;
/** The mail port to build services with: the adapter is chosen per send (see currentMailer). */
export function mailPort(): MailPort {
  return { send: (message) => currentMailer().send(message) };
}

function currentMailer(): MailPort {
  // Read per send: a local cloud restarted in one process (tests) has a new state dir.
  // Written out, not env().APP_RUNTIME: deployed bundles drop the outbox mailer (see env.ts).
  const outbox = process.env.APP_RUNTIME === 'local' ? env().LOCAL_STATE_DIR : undefined;
  if (outbox !== undefined) return localMailer(outbox);
  ses ??= sesMailer();
  return ses;
}

/** The outbox, once SES's check of the caller passes: its role may send as the sender's identity. */
function localMailer(outbox: string): MailPort {
  const e = env();
  const identity = /@([^>\s]+)>?\s*$/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return {
    async send(message) {
      await authorizeLocal({
        action: 'ses:SendEmail',
        resource: `arn:aws:ses:${e.AWS_REGION}:${LOCAL_ACCOUNT_ID}:identity/${identity}`,
      });
      return outboxMailer(outbox).send(message);
    },
  };
}
