import { RUN_TEXTS } from '../../../shared/run-texts';
import { logger } from '../../core/logger';
import { type RunKind, segmentMessageOf } from '../../engine/run-kind';
import { startScheduledJob } from '../../jobs/job-state';
import { flowDriverFor } from '../flow-drivers';
import { findFlow } from '../flow-repository';
import type { FlowRunState } from './flow-context';
import { createFlowRunStore } from './flow-run-store';
import { flowScheduleName, nextFlowSchedule } from './flow-schedule';
import { flowRunHandler } from './handlers/flow-run';
import { planShareOf } from './plan-share';

/**
 * The flow kind of job (issue 20; registered in functions/workers/run-kinds.ts): one run of a flow
 * discovers, scores and engages prospects through the flow's stores, within its share of the day plan;
 * its next run is one schedule in its working hours.
 */
export const flowKind: RunKind = {
  queue: 'flow-runs',

  /**
   * A flow's run message (DECISIONS 27) follows the same segment rules as a trob's; a run that starts (its
   * first, a tick's, an execute-now, a resume) puts the schedule of its next run in its working hours
   * first, one `at()` at a time (flow-schedule.ts).
   */
  outgoing: (unsent, now) => ({
    message: segmentMessageOf('flow-run', unsent),
    startSchedule: nextFlowSchedule({ ...unsent, userId: unsent.workspaceId }, now).spec,
  }),

  // A flow runs from the config it stores (its template is only where the wizard started), so its run
  // needs no template; only a platform with a flow driver.
  async setup(input) {
    const driver = flowDriverFor(input.automation.platform, input.session.cookies);
    if (!driver) return { refused: RUN_TEXTS.notRunnable };
    const { connection } = input.session;
    return {
      landingPath: driver.landingPath,
      wallAt: (url) => driver.wallAt(url),
      async run(base) {
        // The run's share of its account's plan is set as it starts, and kept by its continuations.
        const counters = (base.state as FlowRunState).counters;
        if (!counters.planShare && base.state.cursor.phase === 'list') {
          // A plan that cannot be made never stops a run: the governor guards each take all the same.
          const share = await planShareOf({
            workspaceId: input.workspaceId,
            connection,
            flowId: input.automation.id,
            now: input.now(),
          }).catch((error: unknown) => {
            logger.warn('run share of the day plan not made; the run goes by its config', { error });
            return undefined;
          });
          if (share) counters.planShare = share;
        }
        return flowRunHandler.run({
          ...base,
          flow: createFlowRunStore({
            driver,
            flow: input.automation,
            jobId: input.jobId,
            account: { workspaceId: input.workspaceId, connectionId: connection.id },
            timeZone: connection.timeZone,
            governor: base.governor,
            token: input.token,
            leaseUntil: input.leaseUntil,
            now: input.now,
          }),
        });
      },
      restAction: (state) =>
        state.cursor.phase === 'score' ? driver.actions.recentPosts : driver.actions.search,
      report: () => undefined,
      remaining: (state) => Math.max(0, (state.counters.available ?? 0) - state.counters.found),
    };
  },

  /** A flow waits for its next run in its working hours (functions/flows/run/flow-schedule.ts). */
  nextRunAt: (flow, now) => nextFlowSchedule(flow, now).at.toISOString(),

  scheduleName: flowScheduleName,

  /**
   * A flow's schedule fired: its next run starts as a scheduled job, which the run dispatch sends with
   * the schedule of the run after it. While a run of the flow still goes on nothing starts, and the
   * schedule of its next slot is put here, so the flow keeps its days; a paused or stopped flow has no
   * schedule left to put.
   */
  async tick(message, ctx, deps) {
    const next = await startScheduledJob(message.workspaceId, message.automationId, deps.now());
    if (next) {
      ctx.log.info('flow run created; the run dispatch sends it', { jobId: next.jobId });
      return 'scheduled';
    }
    const flow = await findFlow(message.workspaceId, message.automationId);
    if (flow && (flow.status === 'running' || flow.status === 'pending')) {
      await deps.scheduler.put(nextFlowSchedule(flow, deps.now()).spec);
      ctx.log.info('flow tick met a run still going: its next slot is scheduled');
    } else ctx.log.info('flow tick dropped: the flow is paused or stopped');
    return 'not-claimed';
  },
};
