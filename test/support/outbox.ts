import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads the local mail outbox (functions/core/adapters/outbox-mailer.ts): one JSON file per e-mail
 * under `<stateDir>/outbox/`. Mail is sent off the request path (the `mail` queue and its worker), so
 * the readers wait for it: first until every queued mail is delivered, when the test env says how to
 * tell (useAccountsEnv drains its mail queue), then, for a mail that must be there, by polling for it.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** How long a reader waits for queued mail before failing the test. */
const MAIL_WAIT_MS = 10_000;

let deliverQueued: () => Promise<void> = async () => undefined;
/** Set by the test env: resolves once every mail queued so far has been delivered to the outbox. */
export function waitForQueuedMailWith(deliver: () => Promise<void>): void {
  deliverQueued = deliver;
}

/** What is in the outbox right now for an address (any case), oldest first. */
function deliveredTo(stateDir: string, to: string): Mail[] {
  const dir = join(stateDir, 'outbox');
  if (!existsSync(dir)) return [];
  // File names start with the send time, so name order is send order.
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Mail)
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** Every e-mail to an address (any case), oldest first, once the mail queued so far is delivered. */
export async function mailsTo(stateDir: string, to: string): Promise<Mail[]> {
  await deliverQueued();
  return deliveredTo(stateDir, to);
}

/**
 * The newest e-mail to an address, optionally the newest whose subject contains `subject`; waits (up
 * to MAIL_WAIT_MS) for one to arrive.
 */
export async function lastMailTo(stateDir: string, to: string, subject?: string): Promise<Mail> {
  await deliverQueued();
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const last = deliveredTo(stateDir, to)
      .filter((m) => !subject || m.subject.includes(subject))
      .at(-1);
    if (last) return last;
    if (Date.now() > deadline)
      throw new Error(`No e-mail${subject ? ` about "${subject}"` : ''} to ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 20));
  }
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
export const verificationToken = async (stateDir: string, to: string): Promise<string> =>
  linkToken(await lastMailTo(stateDir, to, SUBJECTS.verification), '/verify-email');

/** The token of the newest password-reset e-mail to an address. */
export const resetToken = async (stateDir: string, to: string): Promise<string> =>
  linkToken(await lastMailTo(stateDir, to, SUBJECTS.reset), '/reset-password');
