import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '../clients/ses';
import { env } from '../env';
import type { MailPort } from '../ports/mail';

/** The mail port on SES: one SendEmail per message, from the stage's sender (MAIL_FROM). */
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
