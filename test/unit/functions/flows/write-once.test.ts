import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerAccount } from '../../../../functions/flows/contact-ledger-repository';
import { type ReviewEntry, recordReviewIntent } from '../../../../functions/flows/review-repository';
import {
  claimWrite,
  findWrite,
  moveWrite,
  recordIntent,
  releaseWrite,
  type WriteRecord,
} from '../../../../functions/flows/write-ledger-repository';
import {
  giveUpWrite,
  NOT_SHOWN,
  UNKNOWN_TARGET,
  WRITE_LEASE_MS,
  type WriteOnceDeps,
  type WriteRequest,
  writeLeaseMs,
  writeOnce,
} from '../../../../functions/flows/write-once';

// The ledger's records live in DynamoDB (test/integration/write-once*.integration.test.ts run them with
// Chromium); here an in-memory ledger keeps the same rules (one record per key, claims under a lease,
// moves only while the lease is this worker's), so the order of write-once's steps is what is checked.
vi.mock('../../../../functions/flows/write-ledger-repository', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/flows/write-ledger-repository')>()),
  recordIntent: vi.fn(),
  claimWrite: vi.fn(),
  findWrite: vi.fn(),
  moveWrite: vi.fn(),
  releaseWrite: vi.fn(),
}));
vi.mock('../../../../functions/flows/review-repository', () => ({ recordReviewIntent: vi.fn() }));
// No DynamoDB here: the ledger's own records are the in-memory ones above, and its DynamoDB client and
// commands are replaced by modules with nothing in them, so a call that reached DynamoDB would throw.
vi.mock('../../../../functions/core/clients/dynamo', () => ({}));
vi.mock('@aws-sdk/lib-dynamodb', () => ({}));

const account: LedgerAccount = { workspaceId: 'u-1', connectionId: 'c-1' };
const NOW = new Date('2026-11-25T10:00:00.000Z');
const KEY = 'invite:p-1';

/** The ledger of the account, by key, and the review queue beside it. */
let records: Map<string, WriteRecord>;
let queued: ReviewEntry[];
/** The lease end each write was opened with (taken, performing) on the index of open writes. */
let openUntil: Map<string, string | undefined>;

function fakeLedger() {
  records = new Map();
  queued = [];
  openUntil = new Map();
  const store = (write: Omit<WriteRecord, 'status' | 'createdAt' | 'updatedAt'>, at: string) => {
    const existing = records.get(write.key);
    if (existing) return { fresh: false, record: { ...existing } };
    const record: WriteRecord = { ...write, status: 'intent', createdAt: at, updatedAt: at };
    records.set(write.key, record);
    return { fresh: true, record: { ...record } };
  };
  vi.mocked(recordIntent).mockImplementation(async (_account, write, at) => store(write, at));
  vi.mocked(recordReviewIntent).mockImplementation(async (_account, write, entry, at) => {
    const stored = store({ ...write, approved: false }, at);
    if (stored.fresh) queued.push(entry);
    return stored;
  });
  vi.mocked(findWrite).mockImplementation(async (_account, key) => {
    const record = records.get(key);
    return record && { ...record };
  });
  vi.mocked(claimWrite).mockImplementation(async (_account, key, token, now, leaseMs) => {
    const record = records.get(key);
    if (!record?.approved || !['intent', 'taken', 'performing'].includes(record.status)) return undefined;
    const free = !record.leaseUntil || record.leaseUntil < now.toISOString() || record.leaseToken === token;
    if (!free) return undefined;
    record.leaseToken = token;
    record.leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    record.updatedAt = now.toISOString();
    return { ...record };
  });
  vi.mocked(moveWrite).mockImplementation(async (_account, key, token, to, at, extra = {}) => {
    const record = records.get(key);
    if (!record || record.leaseToken !== token) return false;
    Object.assign(record, { status: to, updatedAt: at });
    if (extra.failure) record.failure = extra.failure;
    if (extra.text !== undefined) record.text = extra.text;
    if (extra.performedAt) record.performedAt ??= extra.performedAt;
    // The index of open writes (open-write-repository.ts) sorts a taken or performing write by its lease's end.
    if (to === 'taken' || to === 'performing') openUntil.set(key, extra.leaseUntil);
    if (to === 'done' || to === 'failed') {
      delete record.leaseToken;
      delete record.leaseUntil;
    }
    return true;
  });
  vi.mocked(releaseWrite).mockImplementation(async (_account, key, token) => {
    const record = records.get(key);
    if (record?.leaseToken !== token) return;
    delete record.leaseToken;
    delete record.leaseUntil;
  });
}

/** What the platform saw: each perform, and whether it shows the write. */
let platform: { performed: (string | undefined)[]; verified: (string | undefined)[]; shows: boolean };
let takes: number;

function deps(more: Partial<WriteOnceDeps> = {}): WriteOnceDeps {
  return {
    account,
    token: 'worker-1',
    now: () => NOW,
    take: async () => {
      takes++;
      return { ok: true };
    },
    ...more,
  };
}

function invitation(more: Partial<WriteRequest> = {}): WriteRequest {
  return {
    key: KEY,
    kind: 'invite',
    personId: 'p-1',
    flowId: 'flow-1',
    jobId: 'flow-1.1',
    target: { person: { id: 'p-1', name: 'Ada Lovelace', profileUrl: 'https://www.linkedin.com/in/p-1' } },
    text: 'Hi, I enjoyed your post.',
    approved: true,
    perform: async (text) => {
      platform.performed.push(text);
      platform.shows = true;
      return { ok: true };
    },
    verify: async (text) => {
      platform.verified.push(text);
      return platform.shows;
    },
    ...more,
  };
}

/** A record another worker or an earlier run left, as the ledger holds it. */
function leftBehind(record: Partial<WriteRecord>) {
  records.set(KEY, {
    key: KEY,
    kind: 'invite',
    personId: 'p-1',
    flowId: 'flow-1',
    jobId: 'flow-1.1',
    status: 'intent',
    approved: true,
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-25T09:00:00.000Z',
    ...record,
  });
}

const entry = {
  key: KEY,
  kind: 'invite',
  createdAt: NOW.toISOString(),
  prospect: { id: 'p-1', name: 'Ada Lovelace' },
  flowId: 'flow-1',
  connectionId: 'c-1',
  state: 'waiting',
  target: { person: { id: 'p-1', name: 'Ada Lovelace', profileUrl: 'https://example.test/in/ada' } },
} satisfies ReviewEntry;

beforeEach(() => {
  fakeLedger();
  platform = { performed: [], verified: [], shows: false };
  takes = 0;
});

describe('a write sent once (issue 20 point 7)', () => {
  it('records the intent, takes the budget, performs, verifies and records it done with its text', async () => {
    expect(await writeOnce(deps(), invitation({ origin: 'edited' }))).toEqual({ kind: 'done' });
    expect(takes).toBe(1);
    expect(platform.performed).toEqual(['Hi, I enjoyed your post.']);
    expect(platform.verified).toEqual(['Hi, I enjoyed your post.']);
    expect(records.get(KEY)).toEqual({
      key: KEY,
      kind: 'invite',
      personId: 'p-1',
      flowId: 'flow-1',
      jobId: 'flow-1.1',
      target: { person: { id: 'p-1', name: 'Ada Lovelace', profileUrl: 'https://www.linkedin.com/in/p-1' } },
      text: 'Hi, I enjoyed your post.',
      approved: true,
      origin: 'edited',
      status: 'done',
      performedAt: NOW.toISOString(),
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
  });

  it('records no text and no origin for a write without text (a like, a note-less invitation)', async () => {
    await writeOnce(deps(), invitation({ text: undefined, kind: 'like', key: 'like:post-1' }));
    expect(records.get('like:post-1')).not.toHaveProperty('origin');
    expect(records.get('like:post-1')).not.toHaveProperty('text');
    expect(records.get('like:post-1')).toMatchObject({ kind: 'like', status: 'done' });
    expect(platform.performed).toEqual([undefined]);
  });

  it('sends nothing again for a key the account settled, whichever flow sent it', async () => {
    await writeOnce(deps(), invitation());
    const again = await writeOnce(deps({ token: 'worker-2' }), invitation({ flowId: 'flow-2' }));
    expect(again).toEqual({ kind: 'settled', status: 'done' });
    expect(platform.performed).toHaveLength(1);
    expect(takes).toBe(1);
  });

  it('never sends again what failed, or what the user skipped or let expire in review', async () => {
    leftBehind({ status: 'failed' });
    expect(await writeOnce(deps(), invitation())).toEqual({ kind: 'settled', status: 'failed' });
    for (const status of ['skipped', 'expired'] as const) {
      leftBehind({ status, approved: false });
      expect(await writeOnce(deps(), invitation({ approved: false, review: entry }))).toEqual({
        kind: 'settled',
        status,
      });
    }
    expect(platform.performed).toEqual([]);
    expect(takes).toBe(0);
  });

  it('leaves a write another worker holds to it', async () => {
    leftBehind({ status: 'taken', leaseToken: 'worker-2', leaseUntil: '2026-11-25T10:05:00.000Z' });
    expect(await writeOnce(deps(), invitation())).toEqual({ kind: 'held' });
    expect(platform.performed).toEqual([]);
    expect(records.get(KEY)).toMatchObject({ status: 'taken', leaseToken: 'worker-2' });
  });

  it('answers settled when the other worker finished it between the record and the claim', async () => {
    vi.mocked(claimWrite).mockImplementationOnce(async () => {
      leftBehind({ status: 'done' });
      return undefined;
    });
    expect(await writeOnce(deps(), invitation())).toEqual({ kind: 'settled', status: 'done' });
    expect(platform.performed).toEqual([]);
  });

  it('answers held, sending nothing, when the record is gone before the claim (the account purged)', async () => {
    vi.mocked(claimWrite).mockImplementationOnce(async () => {
      records.clear();
      return undefined;
    });
    expect(await writeOnce(deps(), invitation())).toEqual({ kind: 'held' });
    expect(platform.performed).toEqual([]);
  });

  it('holds the write for ten minutes unless told otherwise', async () => {
    const leases: (string | undefined)[] = [];
    const watching = (more: Partial<WriteRequest> = {}) =>
      invitation({
        perform: async () => {
          leases.push(records.get(more.key ?? KEY)?.leaseUntil);
          return { ok: true };
        },
        verify: async () => true,
        ...more,
      });
    await writeOnce(deps(), watching());
    await writeOnce(deps({ leaseMs: 30_000 }), watching({ key: 'invite:p-2' }));
    expect(WRITE_LEASE_MS).toBe(600_000);
    expect(leases).toEqual(['2026-11-25T10:10:00.000Z', '2026-11-25T10:00:30.000Z']);
  });

  it('never holds a write past the end of its job’s lease (issue 35 point 1)', async () => {
    const leases: (string | undefined)[] = [];
    const watching = (key: string) =>
      invitation({
        key,
        perform: async () => {
          leases.push(records.get(key)?.leaseUntil);
          return { ok: true };
        },
        verify: async () => true,
      });
    // The job's lease ends in 90 s: so does the write's. One ending in an hour leaves the ten minutes.
    await writeOnce(deps({ jobLeaseUntil: new Date(NOW.getTime() + 90_000) }), watching('invite:p-3'));
    await writeOnce(deps({ jobLeaseUntil: new Date(NOW.getTime() + 3_600_000) }), watching('invite:p-4'));
    expect(leases).toEqual(['2026-11-25T10:01:30.000Z', '2026-11-25T10:10:00.000Z']);
  });

  it('bounds a write’s lease by its job’s: the exact end, one past the ten minutes, an end already passed', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    expect(writeLeaseMs(NOW, undefined)).toBe(WRITE_LEASE_MS);
    expect(writeLeaseMs(NOW, at(WRITE_LEASE_MS))).toBe(WRITE_LEASE_MS);
    expect(writeLeaseMs(NOW, at(WRITE_LEASE_MS + 1))).toBe(WRITE_LEASE_MS);
    expect(writeLeaseMs(NOW, at(WRITE_LEASE_MS - 1))).toBe(WRITE_LEASE_MS - 1);
    expect(writeLeaseMs(NOW, at(0))).toBe(1);
    expect(writeLeaseMs(NOW, at(-5_000))).toBe(1);
    expect(writeLeaseMs(NOW, at(45_000), 30_000)).toBe(30_000);
  });
});

describe('the budget', () => {
  it('touches nothing without budget, lets go of the write and says until when', async () => {
    const until = new Date('2026-11-26T00:00:00.000Z');
    const outcome = await writeOnce(deps({ take: async () => ({ ok: false, until }) }), invitation());
    expect(outcome).toEqual({ kind: 'no-budget', until });
    expect(platform.performed).toEqual([]);
    expect(records.get(KEY)).toMatchObject({ status: 'intent' });
    expect(records.get(KEY)).not.toHaveProperty('leaseToken');
    // The next run sends it.
    expect(await writeOnce(deps({ token: 'worker-2' }), invitation())).toEqual({ kind: 'done' });
  });

  it('takes no budget again for a write taken before whose worker stopped before touching the platform', async () => {
    leftBehind({ status: 'taken', text: 'Hi, I enjoyed your post.' });
    expect(await writeOnce(deps(), invitation())).toEqual({ kind: 'done' });
    expect(takes).toBe(0);
    expect(platform.performed).toEqual(['Hi, I enjoyed your post.']);
  });

  it('stops as lost when another worker took the write while the budget was asked', async () => {
    const take = async () => {
      records.get(KEY)!.leaseToken = 'worker-2';
      return { ok: true as const };
    };
    expect(await writeOnce(deps({ take }), invitation())).toEqual({ kind: 'lost' });
    expect(platform.performed).toEqual([]);
    expect(records.get(KEY)).toMatchObject({ status: 'intent', leaseToken: 'worker-2' });
  });
});

describe('the text', () => {
  it('writes the text only when none is stored, and sends and keeps the one written', async () => {
    const compose = vi.fn(async () => 'Written now.');
    expect(await writeOnce(deps(), invitation({ text: undefined, compose }))).toEqual({ kind: 'done' });
    expect(platform.performed).toEqual(['Written now.']);
    expect(platform.verified).toEqual(['Written now.']);
    expect(records.get(KEY)).toMatchObject({ status: 'done', text: 'Written now.' });

    const stored = vi.fn(async () => 'Not this one.');
    await writeOnce(deps(), invitation({ key: 'invite:p-2', compose: stored }));
    expect(stored).not.toHaveBeenCalled();
    expect(records.get('invite:p-2')).toMatchObject({ text: 'Hi, I enjoyed your post.' });
  });

  it('sends the text stored before a worker stopped, not a new one', async () => {
    leftBehind({ status: 'taken', text: 'The first text.' });
    const compose = vi.fn(async () => 'A second text.');
    await writeOnce(deps(), invitation({ text: undefined, compose }));
    expect(compose).not.toHaveBeenCalled();
    expect(platform.performed).toEqual(['The first text.']);
  });

  it('lets go of the write when writing the text fails, touching nothing', async () => {
    const compose = async (): Promise<string> => {
      throw new Error('the model is down');
    };
    await expect(writeOnce(deps(), invitation({ text: undefined, compose }))).rejects.toThrow(
      'the model is down',
    );
    expect(platform.performed).toEqual([]);
    expect(records.get(KEY)).toMatchObject({ status: 'taken' });
    expect(records.get(KEY)).not.toHaveProperty('leaseToken');
  });

  it('stops as lost, touching nothing, when the write was lost while its text was written', async () => {
    const compose = async () => {
      records.get(KEY)!.leaseToken = 'worker-2';
      return 'Written now.';
    };
    expect(await writeOnce(deps(), invitation({ text: undefined, compose }))).toEqual({ kind: 'lost' });
    expect(platform.performed).toEqual([]);
    expect(records.get(KEY)).toMatchObject({ status: 'taken' });
    expect(records.get(KEY)).not.toHaveProperty('text');
  });
});

describe('what the platform answers', () => {
  it('records a refusal as failed with the platform’s words, without reading it back', async () => {
    const perform = async () => ({ ok: false as const, refusal: 'note too long' });
    expect(await writeOnce(deps(), invitation({ perform }))).toEqual({
      kind: 'refused',
      refusal: 'note too long',
    });
    expect(platform.verified).toEqual([]);
    expect(records.get(KEY)).toMatchObject({ status: 'failed', failure: 'note too long' });
    expect(records.get(KEY)).not.toHaveProperty('leaseToken');
  });

  it('records a write the platform does not show as failed, never as sent', async () => {
    const perform = async () => undefined;
    expect(await writeOnce(deps(), invitation({ perform }))).toEqual({ kind: 'not-shown' });
    expect(platform.verified).toEqual(['Hi, I enjoyed your post.']);
    expect(records.get(KEY)).toMatchObject({ status: 'failed', failure: 'The platform does not show it' });
    expect(NOT_SHOWN).toBe('The platform does not show it');
  });

  it('counts a perform that answers nothing as done when the platform shows it', async () => {
    const perform = async () => {
      platform.shows = true;
      return undefined;
    };
    expect(await writeOnce(deps(), invitation({ perform }))).toEqual({ kind: 'done' });
  });

  it('records the write as performing, with its text, before the platform is touched', async () => {
    let seen: WriteRecord | undefined;
    const compose = async () => 'Written now.';
    const perform = async () => {
      seen = { ...records.get(KEY)! };
      platform.shows = true;
      return { ok: true as const };
    };
    await writeOnce(deps(), invitation({ text: undefined, compose, perform }));
    expect(seen).toMatchObject({ status: 'performing', text: 'Written now.', leaseToken: 'worker-1' });
  });

  it('lets go of the write when the platform call throws, for the next worker to verify', async () => {
    const perform = async (): Promise<undefined> => {
      throw new Error('page crashed');
    };
    await expect(writeOnce(deps(), invitation({ perform }))).rejects.toThrow('page crashed');
    expect(records.get(KEY)).toMatchObject({ status: 'performing' });
    expect(records.get(KEY)).not.toHaveProperty('leaseToken');
  });

  it('lets go of the write when the read back throws, and throws the read’s error even if letting go fails', async () => {
    const verify = async (): Promise<boolean> => {
      throw new Error('read failed');
    };
    await expect(writeOnce(deps(), invitation({ verify }))).rejects.toThrow('read failed');
    expect(records.get(KEY)).not.toHaveProperty('leaseToken');

    vi.mocked(releaseWrite).mockRejectedValueOnce(new Error('DynamoDB is down'));
    await expect(writeOnce(deps(), invitation({ key: 'invite:p-2', verify }))).rejects.toThrow('read failed');
  });

  it('stops as lost when the lease ran out before the write was recorded done', async () => {
    const perform = async () => {
      records.get(KEY)!.leaseToken = 'worker-2';
      platform.shows = true;
      return { ok: true as const };
    };
    expect(await writeOnce(deps(), invitation({ perform }))).toEqual({ kind: 'lost' });
    expect(records.get(KEY)).toMatchObject({ status: 'performing' });
  });
});

describe('an open write (issue 35 point 1)', () => {
  it('is opened, taken and performing, with the end of the lease it was claimed under', async () => {
    let seen: string | undefined;
    const perform = async () => {
      seen = openUntil.get(KEY);
      return { ok: true as const };
    };
    await writeOnce(deps({ leaseMs: 30_000 }), invitation({ perform, verify: async () => true }));
    expect(seen).toBe('2026-11-25T10:00:30.000Z');
  });

  it('is given up as failed, never sent, when nothing says what it answered', async () => {
    leftBehind({ status: 'performing' });
    expect(await giveUpWrite(deps(), KEY, UNKNOWN_TARGET)).toEqual({ kind: 'not-shown' });
    expect(records.get(KEY)).toMatchObject({ status: 'failed', failure: UNKNOWN_TARGET });
    expect(records.get(KEY)).not.toHaveProperty('leaseToken');
    expect(platform.performed).toEqual([]);
    expect(takes).toBe(0);
  });

  it('is left to the worker that holds it when given up', async () => {
    leftBehind({ status: 'performing', leaseToken: 'worker-2', leaseUntil: '2026-11-25T10:05:00.000Z' });
    expect(await giveUpWrite(deps(), KEY, UNKNOWN_TARGET)).toEqual({ kind: 'held' });
    expect(records.get(KEY)).toMatchObject({ status: 'performing', leaseToken: 'worker-2' });
  });
});

describe('what a write came to is recorded before the ledger settles it (issue 35 point 1)', () => {
  /** Each outcome recorded, with the ledger's status at that moment. */
  const recorded: Array<{ kind: string; performedAt: string; text?: string; status?: string }> = [];
  const recordOutcome: WriteRequest['recordOutcome'] = async (outcome, sent) => {
    recorded.push({ kind: outcome.kind, ...sent, status: records.get(KEY)?.status });
  };
  beforeEach(() => {
    recorded.length = 0;
  });

  it('records a sent write, with the time it went out and its text, while the ledger still says performing', async () => {
    platform.shows = true;
    expect(await writeOnce(deps(), invitation({ recordOutcome }))).toEqual({ kind: 'done' });
    expect(recorded).toEqual([
      {
        kind: 'done',
        performedAt: NOW.toISOString(),
        text: 'Hi, I enjoyed your post.',
        status: 'performing',
      },
    ]);
    expect(records.get(KEY)).toMatchObject({ status: 'done' });
  });

  it('records a refusal before the write is settled as failed', async () => {
    const refuse = async () => ({ ok: false as const, refusal: 'weekly-limit' });
    expect(await writeOnce(deps(), invitation({ recordOutcome, perform: refuse }))).toMatchObject({
      kind: 'refused',
    });
    expect(recorded.map((r) => [r.kind, r.status])).toEqual([['refused', 'performing']]);
    expect(records.get(KEY)).toMatchObject({ status: 'failed' });
  });

  it('records a write the platform does not show before it is settled as failed', async () => {
    const verify = async () => false;
    expect(await writeOnce(deps(), invitation({ recordOutcome, verify }))).toEqual({ kind: 'not-shown' });
    expect(recorded.map((r) => [r.kind, r.status])).toEqual([['not-shown', 'performing']]);
    expect(records.get(KEY)).toMatchObject({ status: 'failed' });
  });

  it('records again, at the time the stopped worker sent it, a write it left performing', async () => {
    leftBehind({
      status: 'performing',
      text: 'Hi, I enjoyed your post.',
      performedAt: '2026-11-25T09:55:00.000Z',
    });
    platform.shows = true;
    expect(await writeOnce(deps(), invitation({ recordOutcome }))).toEqual({ kind: 'done' });
    expect(recorded).toEqual([
      {
        kind: 'done',
        performedAt: '2026-11-25T09:55:00.000Z',
        text: 'Hi, I enjoyed your post.',
        status: 'performing',
      },
    ]);
  });

  it('leaves the write open and lets go of it when recording fails, for whoever settles it next', async () => {
    platform.shows = true;
    const failing: WriteRequest['recordOutcome'] = async () => {
      throw new Error('table out of reach');
    };
    await expect(writeOnce(deps(), invitation({ recordOutcome: failing }))).rejects.toThrow(
      'table out of reach',
    );
    expect(records.get(KEY)).toMatchObject({ status: 'performing' });
    expect(records.get(KEY)).not.toHaveProperty('leaseToken');
  });
});

describe('a worker stopped after it touched the platform', () => {
  const stopped = { status: 'performing' as const, text: 'Hi, I enjoyed your post.' };

  it('records done without sending again when the platform shows the write landed', async () => {
    leftBehind(stopped);
    platform.shows = true;
    expect(await writeOnce(deps(), invitation())).toEqual({ kind: 'done' });
    expect(platform.performed).toEqual([]);
    expect(platform.verified).toEqual(['Hi, I enjoyed your post.']);
    expect(takes).toBe(0);
    expect(records.get(KEY)).toMatchObject({ status: 'done', updatedAt: NOW.toISOString() });
  });

  it('sends it once, with the text stored and no new take, when the platform does not show it', async () => {
    leftBehind(stopped);
    expect(await writeOnce(deps(), invitation({ text: 'Another text.' }))).toEqual({ kind: 'done' });
    expect(platform.performed).toEqual(['Hi, I enjoyed your post.']);
    expect(takes).toBe(0);
  });

  it('stops as lost when it landed but the lease ran out before it was recorded', async () => {
    leftBehind(stopped);
    const verify = async () => {
      records.get(KEY)!.leaseToken = 'worker-2';
      return true;
    };
    expect(await writeOnce(deps(), invitation({ verify }))).toEqual({ kind: 'lost' });
    expect(platform.performed).toEqual([]);
    expect(records.get(KEY)).toMatchObject({ status: 'performing' });
  });

  it('lets go of the write when the read throws', async () => {
    leftBehind(stopped);
    const verify = async (): Promise<boolean> => {
      throw new Error('read failed');
    };
    await expect(writeOnce(deps(), invitation({ verify }))).rejects.toThrow('read failed');
    expect(records.get(KEY)).not.toHaveProperty('leaseToken');
  });
});

describe('review (issue 23)', () => {
  it('queues an unapproved write with its entry and sends nothing until it is approved', async () => {
    expect(await writeOnce(deps(), invitation({ approved: false, review: entry }))).toEqual({
      kind: 'awaiting-review',
    });
    expect(queued).toEqual([entry]);
    expect(records.get(KEY)).toMatchObject({
      status: 'intent',
      approved: false,
      text: 'Hi, I enjoyed your post.',
    });
    expect(takes).toBe(0);
    expect(platform.performed).toEqual([]);
    // A later run finds it waiting still.
    expect(await writeOnce(deps(), invitation({ approved: false, review: entry }))).toEqual({
      kind: 'awaiting-review',
    });
    expect(queued).toHaveLength(1);
  });

  it('sends an approved write at once and queues nothing, even with an entry at hand', async () => {
    expect(await writeOnce(deps(), invitation({ approved: true, review: entry }))).toEqual({ kind: 'done' });
    expect(queued).toEqual([]);
  });

  it('sends the write once the user approved it, with the text they approved', async () => {
    leftBehind({ approved: true, text: 'Edited by the user.', origin: 'edited' });
    expect(await writeOnce(deps(), invitation({ approved: true }))).toEqual({ kind: 'done' });
    expect(platform.performed).toEqual(['Edited by the user.']);
  });
});
