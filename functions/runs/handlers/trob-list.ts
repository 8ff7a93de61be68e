import { RUN_TEXTS } from '../../../shared/run-texts';
import { type ListRow, PlatformStop } from '../../platforms/driver-types';
import type { HandlerStep, RunHandler, SegmentContext, StoredBatch } from '../run-context';
import { completenessOf, listShare, maxProfilesOf, targetOf } from './trob-progress';

/** Listed rows are stored in batches of about this many (a lead transaction holds 99). */
const BATCH_LEADS = 50;

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
type BatchOutcome = 'stored' | 'monthly-limit';

const emptyBatch = (): ListedBatch => ({ rows: [], pages: 0, found: 0, hidden: 0, filtered: 0 });

/**
 * A trob's list phase (issue 11): reads the template's list page by page within the account's budget
 * and stores each person once. Reading and storing overlap: while one batch of leads is written, the next
 * pages are read (the budget is still taken before each read). Batches are stored in order, and the
 * checkpoint moves only past pages whose leads are stored, so a crash re-reads what was not stored yet.
 */
export const trobListHandler: RunHandler = {
  async run(context: SegmentContext): Promise<HandlerStep> {
    const { state, driver, config, governor } = context;
    const counters = state.counters;
    if (state.cursor.ended) return { kind: 'done' };
    const maxProfiles = maxProfilesOf(config);
    let readCursor = state.cursor.list;
    let batch = emptyBatch();
    let inFlight: { rows: number; done: Promise<BatchOutcome> } | undefined;
    const settle = async (): Promise<BatchOutcome | undefined> => {
      const outcome = await inFlight?.done;
      inFlight = undefined;
      return outcome;
    };
    /** Sends the batch to be stored once the one before it is; answers that one's outcome. */
    const flush = async (): Promise<BatchOutcome | undefined> => {
      const previous = await settle();
      if (previous === 'monthly-limit' || batch.pages === 0) return previous;
      const sending = batch;
      batch = emptyBatch();
      const done = storeBatch(context, sending);
      // Awaited by the next settle; until then a failure (a lost lease) must not count as unhandled.
      done.catch(() => undefined);
      inFlight = { rows: sending.rows.length, done };
      return previous;
    };
    /** Stores everything read so far and answers whether the month's allowance stopped the job. */
    const drain = async (): Promise<boolean> => {
      if ((await flush()) === 'monthly-limit') return true;
      return (await settle()) === 'monthly-limit';
    };
    const monthlyLimitReached = (): HandlerStep => ({
      kind: 'end',
      end: {
        status: 'completed',
        message: RUN_TEXTS.monthlyLimit(context.leads.monthlyLimit),
        report: completenessOf(context),
      },
    });

    try {
      for (;;) {
        const room = maxProfiles - counters.stored - (inFlight?.rows ?? 0) - batch.rows.length;
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
        const take = await governor.take(action);
        if (!take.ok) {
          if (await drain()) return monthlyLimitReached();
          return { kind: 'wait', action, until: take.until, remaining: maxProfiles - counters.stored };
        }
        await governor.pace(action);
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
        if (batch.rows.length >= BATCH_LEADS && (await flush()) === 'monthly-limit')
          return monthlyLimitReached();
      }
    } catch (error) {
      // A platform that stops the run (a challenge, an ended session) keeps what was read before it.
      if (error instanceof PlatformStop && !(await drain().catch(() => false))) throw error;
      if (error instanceof PlatformStop) return monthlyLimitReached();
      throw error;
    }
    return { kind: 'done' };
  },
};

/** Stores one batch of listed rows, then moves the counters, the progress and the checkpoint past it. */
async function storeBatch(context: SegmentContext, batch: ListedBatch): Promise<BatchOutcome> {
  const { state, driver, config } = context;
  const counters = state.counters;
  const outcome: StoredBatch = batch.rows.length
    ? await context.leads.store(batch.rows, context.page.baseUrl)
    : { stored: 0, created: 0, duplicates: 0, limited: false };
  counters.stored += outcome.stored;
  counters.duplicates += outcome.duplicates;
  state.totalLeads += outcome.created;
  counters.found += batch.found;
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
  await context.save();
  return outcome.limited ? 'monthly-limit' : 'stored';
}
