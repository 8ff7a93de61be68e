import { RUN_TEXTS } from '../../../../shared/run-texts';
import type { HandlerStep, RunHandler } from '../../../engine/run-context';
import type { TrobContext } from '../trob-context';
import { prepaidTakes } from './prepaid-takes';
import { listShare } from './trob-progress';

/** Checkpoint and progress are written at least this often during enrichment. */
const ENRICH_CHECKPOINT_EVERY = 5;
/** Profile views are taken from the budget this many at a time; one not used is given back at the end. */
const PROFILE_VIEWS_PER_TAKE = 5;
/** Stored leads are read for enrichment this many at a time. */
const ENRICH_PAGE = 25;

/**
 * A trob's enrichment (issue 11): visits the profile of each stored lead the list did not tell enough
 * about, in key order from its cursor, within the account's budget for profile views.
 */
export const trobEnrichHandler: RunHandler<TrobContext> = {
  async run(context: TrobContext): Promise<HandlerStep> {
    const takes = prepaidTakes(context.governor, PROFILE_VIEWS_PER_TAKE);
    try {
      return await enrichPhase(context, takes);
    } finally {
      await takes.giveBack().catch(() => undefined);
    }
  },
};

async function enrichPhase(
  context: TrobContext,
  takes: ReturnType<typeof prepaidTakes>,
): Promise<HandlerStep> {
  const { state, driver, config, governor } = context;
  const reader = driver.profile!;
  const counters = state.counters;
  const total = state.enrichment?.totalExpected ?? state.totalLeads;
  let sinceSave = 0;
  for (;;) {
    const batch = await context.leads.after(state.cursor.enrichAfter, ENRICH_PAGE);
    if (batch.length === 0) break;
    for (const lead of batch) {
      if (!context.hasTime()) return { kind: 'continue' };
      if (!lead.enrichedAt) {
        const take = await takes.take(reader.action);
        if (!take.ok) {
          const remaining = total - counters.enriched - counters.enrichFailed;
          return { kind: 'wait', action: reader.action, until: take.until, remaining };
        }
        await governor.pace(reader.action);
        const fields = await reader.read(context.page, lead, config);
        if (
          fields &&
          (await context.leads.enrich(lead.id, { ...fields, enrichedAt: context.now().toISOString() }))
        )
          counters.enriched++;
        else counters.enrichFailed++;
      }
      state.cursor = { phase: 'enrich', enrichAfter: lead.id };
      const done = counters.enriched + counters.enrichFailed;
      state.enrichment = { status: 'enriching', enrichedCount: counters.enriched, totalExpected: total };
      const share = listShare(driver, config);
      state.progress = {
        ...state.progress,
        progress: Math.min(99, share + Math.round(((100 - share) * done) / Math.max(1, total))),
        completedTasks: done,
        totalTasks: total,
        successTasks: counters.enriched,
        failedTasks: counters.enrichFailed,
      };
      context.report('enriching', RUN_TEXTS.enriching(done, total));
      if (++sinceSave >= ENRICH_CHECKPOINT_EVERY) {
        sinceSave = 0;
        await context.save();
      }
    }
  }
  state.enrichment = { status: 'completed', enrichedCount: counters.enriched, totalExpected: total };
  await context.save();
  return { kind: 'done' };
}
