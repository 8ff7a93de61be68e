/**
 * Mail port: SES in AWS (adapters/ses-mailer.ts), a file outbox on the local cloud
 * (adapters/outbox-mailer.ts), chosen per send where a function is wired (adapters/mail-adapter.ts).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}
