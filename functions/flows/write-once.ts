import type { TextOrigin } from '../../shared/review';
import type { LedgerAccount } from './contact-ledger-repository';
import { type ReviewEntry, recordReviewIntent } from './review-repository';
import {
  claimWrite,
  findWrite,
  isSettled,
  moveWrite,
  recordIntent,
  releaseWrite,
  type SettledStatus,
  type WriteKind,
  type WriteTarget,
} from './write-ledger-repository';

/**
 * Every write to a platform (a like, a comment, an invitation, a message) goes this one way (issue 20
 * point 7; the handbook's rule): intent in the ledger with an idempotency key -> the governor's take ->
 * perform -> verify that the platform shows it -> done, or failed. So:
 *  - a redelivered message, a second flow of the account or a run again finds the key and sends nothing;
 *  - two workers at once: the ledger's lease lets one of them act;
 *  - a worker killed between perform and done leaves the write 'performing': the next one verifies on
 *    the platform first and only performs if the platform does not show it (the first did not land);
 *  - a refusal or a write the platform does not show is recorded as failed, never as sent;
 *  - an intent recorded unapproved (the flow's review mode, issue 23) waits in the flow's review queue:
 *    nothing claims, takes or performs it before the user approves it, and then with the text they
 *    approved. A text is stored before the platform is touched, so whoever verifies after a worker
 *    stopped looks for the very text that may have gone out.
 */
export type WriteOutcome =
  | { kind: 'done' }
  /** An earlier intent of the account settled this key already: nothing sent now. */
  | { kind: 'settled'; status: SettledStatus }
  /** The intent waits for the user's approval in the flow's review queue: nothing sent now. */
  | { kind: 'awaiting-review' }
  /** Another worker holds the write now. */
  | { kind: 'held' }
  /** No budget for it: nothing touched, the intent waits for a later run. */
  | { kind: 'no-budget'; until: Date }
  /** The platform answered with a refusal (a note too long, the weekly limit...): failed. */
  | { kind: 'refused'; refusal: string }
  /** Performed, but the platform does not show it: failed, not sent. */
  | { kind: 'not-shown' }
  /** This worker's lease ran out on the way: another one has the write. */
  | { kind: 'lost' };

/** Long enough for any one perform and verify by far: a live worker never loses a write it acts on. */
export const WRITE_LEASE_MS = 10 * 60_000;

/**
 * A write's lease (issue 35 point 1): WRITE_LEASE_MS, but never past the end of its job's lease. A worker
 * killed mid-write then leaves a write the run that takes its job over (after the job's lease and the
 * sweep's grace) finds free, verifies on the platform and settles, instead of one held for ten minutes
 * more and passed by. No live worker outlives its job's lease (Lambda ends it with its invocation, which
 * the lease outlasts), so nobody else can claim a write while its worker still acts on it.
 */
export function writeLeaseMs(now: Date, jobLeaseUntil: Date | undefined, leaseMs = WRITE_LEASE_MS): number {
  if (!jobLeaseUntil) return leaseMs;
  return Math.max(1, Math.min(leaseMs, jobLeaseUntil.getTime() - now.getTime()));
}

export const NOT_SHOWN = 'The platform does not show it';
/** A write left open before its intent kept what it answers: it cannot be checked, so it is not counted as sent. */
export const UNKNOWN_TARGET = 'Not confirmed: the app no longer knows what it answered';

export interface WriteOnceDeps {
  account: LedgerAccount;
  /** This worker's own token (one per segment). */
  token: string;
  now: () => Date;
  /** The governor's take for the write's action. */
  take: () => Promise<{ ok: true } | { ok: false; until: Date }>;
  leaseMs?: number;
  /** When the job's lease ends: the write's lease ends by then too (writeLeaseMs). */
  jobLeaseUntil?: Date;
}

export interface WriteRequest {
  key: string;
  kind: WriteKind;
  personId: string;
  flowId: string;
  jobId: string;
  /** The person and post it answers: kept with the intent, so whoever settles it later can. */
  target: WriteTarget;
  /** The text written already (a note; any text that waits for review). */
  text?: string;
  /** Writes the text when the write has none stored yet (autopilot writes it only when it goes). */
  compose?: () => Promise<string>;
  /** False: the intent waits in the flow's review queue, shown as `review` says. */
  approved: boolean;
  review?: ReviewEntry;
  /** Where an approved text came from (the analytics' comparison). */
  origin?: TextOrigin;
  /** Does the write with the text stored: a refusal the platform answers comes back as `{ ok: false, refusal }`. */
  perform: (text: string | undefined) => Promise<{ ok: true } | { ok: false; refusal: string } | undefined>;
  /** Reads the platform's own state: true when it shows the write (with that text). */
  verify: (text: string | undefined) => Promise<boolean>;
  /**
   * Records what the write came to, just before the ledger settles it (again when a worker stopped in
   * between, so it must keep one record of each): `performedAt` is when it went out, the same each time.
   */
  recordOutcome?: (outcome: SettledOutcome, sent: { performedAt: string; text?: string }) => Promise<void>;
}

/** What a write that reached the platform came to. */
export type SettledOutcome = Extract<WriteOutcome, { kind: 'done' | 'refused' | 'not-shown' }>;

export async function writeOnce(deps: WriteOnceDeps, write: WriteRequest): Promise<WriteOutcome> {
  const { account, token, now } = deps;
  const at = () => now().toISOString();
  const fields = {
    key: write.key,
    kind: write.kind,
    personId: write.personId,
    flowId: write.flowId,
    jobId: write.jobId,
    target: write.target,
    ...(write.text !== undefined ? { text: write.text } : {}),
  };
  const { record } =
    !write.approved && write.review
      ? await recordReviewIntent(account, fields, write.review, at())
      : await recordIntent(
          account,
          { ...fields, approved: true, ...(write.origin ? { origin: write.origin } : {}) },
          at(),
        );
  if (isSettled(record.status)) return { kind: 'settled', status: record.status };
  if (!record.approved) return { kind: 'awaiting-review' };
  const claimedAt = now();
  const claimed = await claimWrite(
    account,
    write.key,
    token,
    claimedAt,
    writeLeaseMs(claimedAt, deps.jobLeaseUntil, deps.leaseMs),
  );
  if (!claimed) {
    const current = await findWrite(account, write.key);
    if (current && isSettled(current.status)) return { kind: 'settled', status: current.status };
    return { kind: 'held' };
  }
  let text = claimed.text;
  const leaseUntil = claimed.leaseUntil;
  // Lets go of the write on a throw before the platform is touched, or after (then whoever takes it
  // next verifies first). A worker killed keeps its lease until it runs out.
  const releasing = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      await releaseWrite(account, write.key, token, at()).catch(() => undefined);
      throw error;
    }
  };
  /**
   * What a write came to is recorded (the flow's activity, the person's step) before the ledger settles
   * it: a worker stopped in between leaves it open, and whoever settles it records again, which keeps
   * one record of each (they are kept by the write's key and the time it went out).
   */
  const settle = async (outcome: SettledOutcome, performedAt: string): Promise<WriteOutcome> => {
    await releasing(async () =>
      write.recordOutcome?.(outcome, { performedAt, ...(text !== undefined ? { text } : {}) }),
    );
    const moved =
      outcome.kind === 'done'
        ? await moveWrite(account, write.key, token, 'done', at())
        : await moveWrite(account, write.key, token, 'failed', at(), {
            failure: outcome.kind === 'refused' ? outcome.refusal : NOT_SHOWN,
          });
    return moved || outcome.kind !== 'done' ? outcome : { kind: 'lost' };
  };
  let performedAt = claimed.performedAt ?? claimed.updatedAt;
  if (claimed.status === 'performing') {
    // A worker stopped after it started this write: the platform says whether it landed.
    if (await releasing(() => write.verify(text))) return settle({ kind: 'done' }, performedAt);
  } else {
    if (claimed.status === 'intent') {
      const take = await deps.take();
      if (!take.ok) {
        await releaseWrite(account, write.key, token, at());
        return { kind: 'no-budget', until: take.until };
      }
      if (!(await moveWrite(account, write.key, token, 'taken', at(), { leaseUntil })))
        return { kind: 'lost' };
    }
    const compose = write.compose;
    if (text === undefined && compose) text = await releasing(() => compose());
    performedAt = at();
    if (
      !(await moveWrite(account, write.key, token, 'performing', performedAt, {
        leaseUntil,
        performedAt,
        ...(text !== undefined ? { text } : {}),
      }))
    )
      return { kind: 'lost' };
  }
  const answer = await releasing(() => write.perform(text));
  if (answer && !answer.ok) return settle({ kind: 'refused', refusal: answer.refusal }, performedAt);
  const shown = await releasing(() => write.verify(text));
  return settle(shown ? { kind: 'done' } : { kind: 'not-shown' }, performedAt);
}

/**
 * Settles an open write that cannot be checked on the platform (one recorded before intents kept their
 * target) as failed: counted as not sent, never sent again. Answers 'held' while another worker has it.
 */
export async function giveUpWrite(deps: WriteOnceDeps, key: string, failure: string): Promise<WriteOutcome> {
  const at = deps.now();
  const claimed = await claimWrite(deps.account, key, deps.token, at, writeLeaseMs(at, deps.jobLeaseUntil));
  if (!claimed) return { kind: 'held' };
  await moveWrite(deps.account, key, deps.token, 'failed', at.toISOString(), { failure });
  return { kind: 'not-shown' };
}
