import { RUN_TEXTS } from '../../../../shared/run-texts';
import type { HandlerStep, RunHandler } from '../../../engine/run-context';
import type { TrobContext } from '../trob-context';
import { trobEnrichHandler } from './trob-enrich';
import { trobListHandler } from './trob-list';
import { completenessOf, wantsEnrichment } from './trob-progress';

/**
 * A trob's job: its list, then, where the template promises more than the list shows, a visit to each
 * stored profile; then it completes at 100% with its completeness report.
 */
export const trobHandler: RunHandler<TrobContext> = {
  async run(context: TrobContext): Promise<HandlerStep> {
    const { state } = context;
    if (state.cursor.phase === 'list') {
      const listed = await trobListHandler.run(context);
      if (listed.kind !== 'done') return listed;
      if (!wantsEnrichment(context.driver, context.config) || state.totalLeads === 0)
        return complete(context);
      state.cursor = { phase: 'enrich' };
      state.enrichment = { status: 'enriching', enrichedCount: 0, totalExpected: state.totalLeads };
      await context.save();
    }
    const enriched = await trobEnrichHandler.run(context);
    return enriched.kind === 'done' ? complete(context) : enriched;
  },
};

function complete(context: TrobContext): HandlerStep {
  const { state } = context;
  state.progress = { ...state.progress, progress: 100, completedTasks: state.progress.totalTasks };
  return {
    kind: 'end',
    end: {
      status: 'completed',
      message: RUN_TEXTS.completed(state.counters.stored),
      report: completenessOf(context),
    },
  };
}
