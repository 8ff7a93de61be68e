import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads the local mail outbox (functions/core/adapters/outbox-mailer.ts): one JSON file per e-mail
 * under `<stateDir>/outbox/`. The mailer writes the file before the request answers, so a test can
 * read it right after the call that sent it.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** Every e-mail to an address (any case), oldest first. */
export function mailsTo(stateDir: string, to: string): Mail[] {
  const dir = join(stateDir, 'outbox');
  if (!existsSync(dir)) return [];
  // File names start with the send time, so name order is send order.
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Mail)
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** The newest e-mail to an address, optionally the newest whose subject contains `subject`. */
export function lastMailTo(stateDir: string, to: string, subject?: string): Mail {
  const mails = mailsTo(stateDir, to).filter((m) => !subject || m.subject.includes(subject));
  const last = mails.at(-1);
  if (!last) throw new Error(`No e-mail${subject ? ` about "${subject}"` : ''} to ${to} in the outbox`);
  return last;
}

/** The link of a mail that opens `pathname` (e.g. '/verify-email'). */
export function linkTo(mail: Mail, pathname: string): URL {
  const link = mail.links.map((l) => new URL(l)).find((url) => url.pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

/** The `token` query parameter of the mail's link to `pathname`. */
export function linkToken(mail: Mail, pathname: string): string {
  const token = linkTo(mail, pathname).searchParams.get('token');
  if (!token) throw new Error(`The ${pathname} link of "${mail.subject}" has no token`);
  return token;
}

export const SUBJECTS = {
  verification: 'Verify your email',
  reset: 'Reset your',
  signUpAttempt: 'Someone tried to sign up',
} as const;

/** The token of the newest verification e-mail to an address. */
export const verificationToken = (stateDir: string, to: string): string =>
  linkToken(lastMailTo(stateDir, to, SUBJECTS.verification), '/verify-email');

/** The token of the newest password-reset e-mail to an address. */
export const resetToken = (stateDir: string, to: string): string =>
  linkToken(lastMailTo(stateDir, to, SUBJECTS.reset), '/reset-password');
