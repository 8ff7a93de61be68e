import { env } from '../env';
import { authorizeLocal, LOCAL_ACCOUNT_ID } from '../local-runtime';
import type { MailPort } from '../ports/mail';
import { outboxMailer } from './outbox-mailer';
import { sesMailer } from './ses-mailer';

let ses: MailPort | undefined;
/**
 * The mail port to build services with (the wiring files import it, never the port): the adapter is
 * chosen per send (see currentMailer), SES in AWS, the outbox on the local cloud.
 */
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
