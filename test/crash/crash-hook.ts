/**
 * A preload (`--import`) for the crash matrix's local cloud: armed by CRASH_AT (JSON `{step, kind?}`),
 * it kills the process's whole group at once, synchronously, when the named step happens, as a machine
 * that loses power: no handler, no flush, no answer sent. CRASH_AFTER_N kills at the n-th match (1).
 *
 * Steps of a platform write (kind: like, comment, invite, message, withdraw; none: any kind), seen on
 * the contact ledger's items (functions/flows/contact-ledger-repository.ts) and the sandbox's state file:
 *  - intent:    the PutCommand that creates the write's record has succeeded;
 *  - taken:     the UpdateCommand moving it to `taken` has succeeded;
 *  - performed: the sandbox LinkedIn has stored it, and the worker has not had the answer;
 *  - verified:  the platform showed it, and the UpdateCommand moving it to `done` is about to go.
 * Steps of a trob: `leads-stored` (the first batch of leads written), `enrichment-read` (the first
 * profile visit's fields added to a lead), `budget-wait` (the job's wait for a budget recorded).
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { basename } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Step =
  | 'intent'
  | 'taken'
  | 'performed'
  | 'verified'
  | 'leads-stored'
  | 'enrichment-read'
  | 'budget-wait';
type Kind = 'like' | 'comment' | 'invite' | 'message' | 'withdraw';
interface CrashAt {
  step: Step;
  kind?: Kind;
}

const armed = process.env.CRASH_AT ? (JSON.parse(process.env.CRASH_AT) as CrashAt) : undefined;
let left = Number(process.env.CRASH_AFTER_N ?? 1);

/** The kill: one line on stderr (written before the kill, not buffered), then SIGKILL to the group. */
function fire(detail: string): void {
  if (!armed || --left > 0) return;
  fs.writeSync(2, `CRASH-HOOK fired ${armed.step}${armed.kind ? ` ${armed.kind}` : ''} (${detail})\n`);
  process.kill(0, 'SIGKILL');
}

type Input = Record<string, unknown> & {
  Key?: { pk?: string; sk?: string };
  Item?: { pk?: string; sk?: string };
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  TransactItems?: Array<{
    Put?: { Item?: { pk?: string; sk?: string } };
    Update?: Pick<Input, 'Key' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;
  }>;
};

const isWriteOfKind = (sk: unknown): boolean =>
  typeof sk === 'string' && sk.startsWith(armed?.kind ? `WRITE#${armed.kind}:` : 'WRITE#');
const isLead = (key: { pk?: string; sk?: string } | undefined): boolean =>
  Boolean(key?.sk?.startsWith('LEAD#') && key.pk?.includes('#LEADS#'));

/** Whether a command about to be sent is the step (verified: the write moved to done). */
function before(name: string, input: Input): string | undefined {
  if (armed?.step === 'verified' && name === 'UpdateCommand' && isWriteOfKind(input.Key?.sk))
    if (input.ExpressionAttributeValues?.[':to'] === 'done') return String(input.Key?.sk);
  return undefined;
}

/** Whether a command that succeeded was the step. */
function after(name: string, input: Input): string | undefined {
  switch (armed?.step) {
    case 'intent':
      return name === 'PutCommand' && isWriteOfKind(input.Item?.sk) ? String(input.Item?.sk) : undefined;
    case 'taken':
      return name === 'UpdateCommand' &&
        isWriteOfKind(input.Key?.sk) &&
        input.ExpressionAttributeValues?.[':to'] === 'taken'
        ? String(input.Key?.sk)
        : undefined;
    case 'leads-stored': {
      const leads = (input.TransactItems ?? []).filter((item) => isLead(item.Put?.Item));
      return name === 'TransactWriteCommand' && leads.length > 0 ? `${leads.length} leads` : undefined;
    }
    case 'enrichment-read':
      return name === 'UpdateCommand' && isLead(input.Key) ? String(input.Key?.sk) : undefined;
    case 'budget-wait': {
      // A budget wait's release (functions/jobs/job-state/run-state-repository.ts) writes the automation's
      // waitUntil in its transaction, as field n (#an = :an) of the automation's update.
      if (name !== 'TransactWriteCommand') return undefined;
      for (const { Update: update } of input.TransactItems ?? []) {
        if (!update?.Key?.sk?.startsWith('AUTOMATION#')) continue;
        const wait = Object.entries(update.ExpressionAttributeNames ?? {}).find(
          ([, field]) => field === 'waitUntil',
        );
        if (wait) return `waitUntil ${String(update.ExpressionAttributeValues?.[wait[0].replace('#', ':')])}`;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

if (armed && armed.step !== 'performed') {
  const send = DynamoDBDocumentClient.prototype.send as (...args: unknown[]) => unknown;
  DynamoDBDocumentClient.prototype.send = function (this: unknown, ...args: unknown[]) {
    const command = args[0] as { constructor: { name: string }; input?: Input };
    const name = command.constructor.name;
    const input = command.input ?? {};
    const now = before(name, input);
    if (now) fire(now);
    const result = send.apply(this, args);
    if (!(result instanceof Promise)) return result;
    return result.then((out) => {
      const done = after(name, input);
      if (done) fire(done);
      return out;
    });
  } as typeof DynamoDBDocumentClient.prototype.send;
}

/**
 * `performed`: the sandbox LinkedIn keeps what its accounts did in one file, written whole through a
 * temporary file and a rename (scripts/sandbox-platforms/linkedin-state-file.ts). After each rename the
 * file is read again: one more entry of the watched kind (or one more withdrawn invitation) is the write
 * stored on the platform, while its answer to the worker is not sent yet.
 */
type StateFile = Record<'likes' | 'comments' | 'invitations' | 'messages', Array<{ withdrawnAt?: number }>>;
const LIST_OF: Record<Kind, keyof StateFile> = {
  like: 'likes',
  comment: 'comments',
  invite: 'invitations',
  message: 'messages',
  withdraw: 'invitations',
};
function counts(file: string): Record<Kind, number> {
  let state: Partial<StateFile> = {};
  try {
    state = JSON.parse(fs.readFileSync(file, 'utf8')) as StateFile;
  } catch {
    // No file yet: nothing stored.
  }
  const size = (kind: Kind) =>
    kind === 'withdraw'
      ? (state.invitations ?? []).filter((i) => i.withdrawnAt !== undefined).length
      : (state[LIST_OF[kind]] ?? []).length;
  return {
    like: size('like'),
    comment: size('comment'),
    invite: size('invite'),
    message: size('message'),
    withdraw: size('withdraw'),
  };
}

if (armed?.step === 'performed') {
  const rename = fs.renameSync;
  const last = new Map<string, Record<Kind, number>>();
  fs.renameSync = (from: fs.PathLike, to: fs.PathLike) => {
    const file = String(to);
    const watched = basename(file) === 'state-linkedin.json';
    if (watched && !last.has(file)) last.set(file, counts(file));
    rename(from, to);
    if (!watched) return;
    const before = last.get(file)!;
    const now = counts(file);
    last.set(file, now);
    const kinds = armed.kind ? [armed.kind] : (Object.keys(now) as Kind[]);
    const grown = kinds.find((kind) => now[kind] > before[kind]);
    if (grown) fire(`${grown}: ${before[grown]} -> ${now[grown]} on the platform`);
  };
  // ESM named imports of node:fs (the sandbox's `import { renameSync }`) see the replacement too.
  syncBuiltinESMExports();
}
