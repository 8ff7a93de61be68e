import {
  claimWrite,
  findWrite,
  type LedgerAccount,
  moveWrite,
  recordIntent,
  releaseWrite,
  type WriteKind,
} from './contact-ledger';

/**
 * Every write to a platform (a like, a comment, an invitation, a message) goes this one way (issue 20
 * point 7; the handbook's rule): intent in the ledger with an idempotency key -> the governor's take ->
 * perform -> verify that the platform shows it -> done, or failed. So:
 *  - a redelivered message, a second flow of the account or a run again finds the key and sends nothing;
 *  - two workers at once: the ledger's lease lets one of them act;
 *  - a worker killed between perform and done leaves the write 'performing': the next one verifies on
 *    the platform first and only performs if the platform does not show it (the first did not land);
 *  - a refusal or a write the platform does not show is recorded as failed, never as sent.
 */
export type WriteOutcome =
  | { kind: 'done' }
  /** An earlier intent of the account settled this key already: nothing sent now. */
  | { kind: 'settled'; status: 'done' | 'failed' }
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

export const NOT_SHOWN = 'The platform does not show it';

export interface WriteOnceDeps {
  account: LedgerAccount;
  /** This worker's own token (one per segment). */
  token: string;
  now: () => Date;
  /** The governor's take for the write's action. */
  take: () => Promise<{ ok: true } | { ok: false; until: Date }>;
  leaseMs?: number;
}

export interface WriteRequest {
  key: string;
  kind: WriteKind;
  personId: string;
  flowId: string;
  jobId: string;
  text?: string;
  /** Does the write: a refusal the platform answers comes back as `{ ok: false, refusal }`. */
  perform: () => Promise<{ ok: true } | { ok: false; refusal: string } | undefined>;
  /** Reads the platform's own state: true when it shows the write. */
  verify: () => Promise<boolean>;
}

export async function writeOnce(deps: WriteOnceDeps, write: WriteRequest): Promise<WriteOutcome> {
  const { account, token, now } = deps;
  const at = () => now().toISOString();
  const { record } = await recordIntent(account, write, at());
  if (record.status === 'done' || record.status === 'failed')
    return { kind: 'settled', status: record.status };
  const claimed = await claimWrite(account, write.key, token, now(), deps.leaseMs ?? WRITE_LEASE_MS);
  if (!claimed) {
    const current = await findWrite(account, write.key);
    if (current?.status === 'done' || current?.status === 'failed')
      return { kind: 'settled', status: current.status };
    return { kind: 'held' };
  }
  // Today every intent is approved when recorded; a review step (issue 23) sets `approved` later.
  if (claimed.status === 'performing') {
    // A worker stopped after it started this write: the platform says whether it landed.
    const landed = await write.verify().catch(async (error: unknown) => {
      await releaseWrite(account, write.key, token).catch(() => undefined);
      throw error;
    });
    if (landed)
      return (await moveWrite(account, write.key, token, 'done', at())) ? { kind: 'done' } : { kind: 'lost' };
  } else {
    if (claimed.status === 'intent') {
      const take = await deps.take();
      if (!take.ok) {
        await releaseWrite(account, write.key, token);
        return { kind: 'no-budget', until: take.until };
      }
      if (!(await moveWrite(account, write.key, token, 'taken', at()))) return { kind: 'lost' };
    }
    if (!(await moveWrite(account, write.key, token, 'performing', at()))) return { kind: 'lost' };
  }
  // A throw (a wall, a challenge, a lost page) leaves the write 'performing' and lets go of it: whoever
  // takes it next verifies first. A worker killed here keeps its lease until it runs out.
  let answer: Awaited<ReturnType<WriteRequest['perform']>>;
  let shown: boolean;
  try {
    answer = await write.perform();
    shown = answer && !answer.ok ? false : await write.verify();
  } catch (error) {
    await releaseWrite(account, write.key, token).catch(() => undefined);
    throw error;
  }
  if (answer && !answer.ok) {
    await moveWrite(account, write.key, token, 'failed', at(), answer.refusal);
    return { kind: 'refused', refusal: answer.refusal };
  }
  if (!shown) {
    await moveWrite(account, write.key, token, 'failed', at(), NOT_SHOWN);
    return { kind: 'not-shown' };
  }
  return (await moveWrite(account, write.key, token, 'done', at())) ? { kind: 'done' } : { kind: 'lost' };
}
