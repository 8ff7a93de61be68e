import { RUN_TEXTS } from '../../../../shared/run-texts';
import type { HandlerStep, RunHandler } from '../../../engine/run-context';
import { type ListRow, PlatformStop } from '../../../platforms/driver-types';
import type { StoredBatch, TrobContext } from '../trob-context';
import { prepaidTakes } from './prepaid-takes';
import { completenessOf, listShare, maxProfilesOf, targetOf } from './trob-progress';

/** Listed rows are stored in batches of about this many (a lead transaction holds 99). */
const BATCH_LEADS = 50;
/**
 * List pages are taken from the budget four at a time (a budget write each, issue 38 point 3); those not
 * read are given back when the handler ends, and near a limit the take falls back to one.
 */
const LIST_PAGES_PER_TAKE = 4;

/** Pages read but not stored yet, with what they counted, and where the list stands after them. */
interface ListedBatch {
  rows: ListRow[];
  pages: number;
  found: number;
  hidden: number;
  filtered: number;
  available?: number;
  cap?: number;
  cursor?: string;
}
/** A batch whose leads are being stored; `settled` once the store answered (or failed). */
interface PendingBatch {
  batch: ListedBatch;
  stored: Promise<StoredBatch>;
  settled: boolean;
}

const emptyBatch = (): ListedBatch => ({ rows: [], pages: 0, found: 0, hidden: 0, filtered: 0 });
const nothingStored: StoredBatch = { stored: 0, created: 0, duplicates: 0, limited: false };

/**
 * A trob's list phase (issue 11): reads the template's list page by page within the account's budget
 * and stores each person once. Reading and storing overlap: while up to `leads.storesAtOnce` batches
 * of leads are written, the next pages are read (the budget is still taken before each read). Batches
 * are committed in order (counters, progress, checkpoint), so the checkpoint moves only past pages
 * whose leads are stored, and a crash re-reads what was not stored yet.
 */
export const trobListHandler: RunHandler<TrobContext> = {
  async run(context: TrobContext): Promise<HandlerStep> {
    const takes = prepaidTakes(context.governor, LIST_PAGES_PER_TAKE);
    try {
      return await listPhase(context, takes);
    } finally {
      await takes.giveBack().catch(() => undefined);
    }
  },
};

async function listPhase(context: TrobContext, takes: ReturnType<typeof prepaidTakes>): Promise<HandlerStep> {
  const { state, driver, config } = context;
  const counters = state.counters;
  if (state.cursor.ended) return { kind: 'done' };
  const maxProfiles = maxProfilesOf(config);
  let readCursor = state.cursor.list;
  let batch = emptyBatch();
  const pending: PendingBatch[] = [];
  let limited = false;
  /** Commits the oldest batch in flight once its leads are stored. */
  const commitOldest = async (): Promise<void> => {
    const oldest = pending.shift();
    if (!oldest) return;
    const outcome = await oldest.stored;
    await commitBatch(context, oldest.batch, outcome);
    if (outcome.limited) limited = true;
  };
  /** Commits, in order, the batches whose leads are already stored: the progress stays live. */
  const commitStored = async (): Promise<void> => {
    while (pending[0]?.settled) await commitOldest();
  };
  /** Sends the batch read so far to be stored, once fewer than `storesAtOnce` are in flight. */
  const flush = async (): Promise<void> => {
    if (batch.pages === 0) return;
    while (pending.length >= context.leads.storesAtOnce) await commitOldest();
    // The month's allowance ran out: what was read after it is not stored (nor checkpointed).
    if (limited) return;
    const sending = batch;
    batch = emptyBatch();
    const entry: PendingBatch = {
      batch: sending,
      stored: sending.rows.length
        ? // Numbered in commit order: the batches counted, then those in flight before it.
          context.leads.store(sending.rows, context.page.baseUrl, (counters.batches ?? 0) + pending.length)
        : Promise.resolve(nothingStored),
      settled: false,
    };
    // Awaited when committed; until then a failure (a lost lease) must not count as unhandled.
    entry.stored.then(
      () => {
        entry.settled = true;
      },
      () => {
        entry.settled = true;
      },
    );
    pending.push(entry);
  };
  /** Stores and commits everything read so far; answers whether the month's allowance stopped the job. */
  const drain = async (): Promise<boolean> => {
    await flush();
    while (pending.length > 0) await commitOldest();
    return limited;
  };
  const monthlyLimitReached = (): HandlerStep => ({
    kind: 'end',
    end: {
      status: 'completed',
      message: RUN_TEXTS.monthlyLimit(context.leads.monthlyLimit),
      report: completenessOf(context),
    },
  });
  const inFlightRows = () => pending.reduce((sum, entry) => sum + entry.batch.rows.length, 0);

  try {
    for (;;) {
      await commitStored();
      if (limited) {
        await drain();
        return monthlyLimitReached();
      }
      const room = maxProfiles - counters.stored - inFlightRows() - batch.rows.length;
      if (room <= 0) {
        if (await drain()) return monthlyLimitReached();
        if (counters.stored >= maxProfiles) break;
        continue;
      }
      if (!context.hasTime()) {
        if (await drain()) return monthlyLimitReached();
        return { kind: 'continue' };
      }
      const action = driver.list.actionAt?.(readCursor, config) ?? driver.list.action;
      const take = await takes.take(action);
      if (!take.ok) {
        if (await drain()) return monthlyLimitReached();
        return { kind: 'wait', action, until: take.until, remaining: maxProfiles - counters.stored };
      }
      await context.governor.pace(action);
      const listed = await driver.list.read(context.page, readCursor, config);
      batch.pages++;
      batch.found += listed.rows.length;
      if (listed.total !== undefined) batch.available = listed.total;
      if (listed.cap !== undefined) batch.cap = listed.cap;
      let kept = 0;
      for (const row of listed.rows) {
        if (row.hidden) batch.hidden++;
        else if (driver.keep && !driver.keep(row, config)) batch.filtered++;
        else if (kept < room) {
          batch.rows.push(row);
          kept++;
        }
      }
      readCursor = listed.next;
      batch.cursor = listed.next;
      if (!listed.next) {
        if (await drain()) return monthlyLimitReached();
        break;
      }
      if (batch.rows.length >= BATCH_LEADS) await flush();
    }
  } catch (error) {
    // A platform that stops the run (a challenge, an ended session) keeps what was read before it.
    if (error instanceof PlatformStop) {
      const stoppedByAllowance = await drain().catch(() => false);
      await settleAll(pending);
      if (stoppedByAllowance) return monthlyLimitReached();
      throw error;
    }
    // Nothing of this segment may still be writing when the runner goes on (a retry, a settled count).
    await settleAll(pending);
    throw error;
  }
  return { kind: 'done' };
}

/** Waits until every batch in flight has answered, whatever it answered. */
async function settleAll(pending: readonly PendingBatch[]): Promise<void> {
  await Promise.allSettled(pending.map((entry) => entry.stored));
}

/** Moves the counters, the progress and the checkpoint past a batch whose leads are stored. */
async function commitBatch(context: TrobContext, batch: ListedBatch, outcome: StoredBatch): Promise<void> {
  const { state, driver, config } = context;
  const counters = state.counters;
  counters.stored += outcome.stored;
  counters.duplicates += outcome.duplicates;
  state.totalLeads += outcome.created;
  state.countedLeads += outcome.created;
  counters.found += batch.found;
  counters.batches = (counters.batches ?? 0) + 1;
  counters.hidden += batch.hidden;
  counters.filtered += batch.filtered;
  if (batch.available !== undefined) counters.available = batch.available;
  if (batch.cap !== undefined) counters.platformCap = batch.cap;
  state.cursor = batch.cursor ? { phase: 'list', list: batch.cursor } : { phase: 'list', ended: true };
  const target = targetOf(context);
  const share = listShare(driver, config);
  state.progress = {
    ...state.progress,
    progress: Math.min(share, Math.round((counters.stored / Math.max(1, target)) * share)),
    completedTasks: Math.min(target, counters.stored),
    totalTasks: target,
    successTasks: counters.stored,
  };
  context.report('extracting', RUN_TEXTS.reading(driver.list.noun, counters.stored));
  // A batch after the checkpoint is read and stored again after a crash, and its leads then count once
  // (lead-repository.ts, the batch's number against the checkpoint's count of batches).
  await context.saveIfDue();
}
