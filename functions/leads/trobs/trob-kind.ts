import { RUN_TEXTS } from '../../../shared/run-texts';
import { nextRunAfter, recurringSchedule, scheduleNameOf } from '../../automations/trob-schedule';
import { findTemplate } from '../../catalog/template-service';
import { type RunKind, segmentMessageOf } from '../../engine/run-kind';
import { startScheduledJob } from '../../jobs/job-state';
import { trobDriver } from '../../platforms/trob-drivers';
import { exactCount, settleLeadCount, shardedLeadCount } from '../lead-count-repository';
import { trobHandler } from './handlers/trob-handler';
import { completenessOf, targetOf } from './handlers/trob-progress';
import { createLeadSink } from './lead-sink';

/**
 * The trob kind of job (issue 11; registered in functions/workers/run-kinds.ts): a template's driver
 * lists and enriches leads into the lead sink; a recurring trob runs again every interval.
 */
export const trobKind: RunKind = {
  queue: 'trob-runs',

  /**
   * A recurring trob that starts or resumes puts its schedule before its first message: a tick that finds
   * no finished job does nothing, while one without its schedule would never run again. A running job's
   * next segment, and a job its own tick created, have it.
   */
  outgoing: (unsent) => ({
    message: segmentMessageOf('trob-run', unsent),
    ...(unsent.interval && !unsent.scheduled
      ? {
          startSchedule: recurringSchedule({
            id: unsent.id,
            userId: unsent.workspaceId,
            interval: unsent.interval,
          }),
        }
      : {}),
  }),

  /** A trob runs its template's driver: the template must still be in the catalogue. */
  async setup(input) {
    if (!(await findTemplate(input.automation.templateId))) return { refused: RUN_TEXTS.templateGone };
    const driver = trobDriver(input.automation.templateId, input.session.cookies);
    if (!driver) return { refused: RUN_TEXTS.notRunnable };
    const config = input.automation.config ?? {};
    return {
      landingPath: driver.landingPath,
      wallAt: (url) => driver.wallAt(url),
      async run(base) {
        const leads = await createLeadSink({
          workspaceId: input.workspaceId,
          automationId: input.automation.id,
          jobId: input.jobId,
          platform: input.automation.platform,
          skipDuplicates:
            (config.exportSettings as { skipDuplicates?: unknown } | undefined)?.skipDuplicates === true,
          hasLeads: base.state.totalLeads > 0,
          now: input.now,
          metrics: input.metrics,
          token: input.token,
          countedBatches: base.state.counters.batches ?? 0,
        });
        return trobHandler.run({ ...base, driver, leads });
      },
      restAction: (state) =>
        state.cursor.phase === 'enrich' && driver.profile ? driver.profile.action : driver.list.action,
      report: (state) => completenessOf({ state, driver }),
      remaining: (state, cfg) => targetOf({ state, config: cfg }) - state.counters.stored,
    };
  },

  nextRunAt: (automation, now) => (automation.interval ? nextRunAfter(now, automation.interval) : undefined),

  scheduleName: scheduleNameOf,

  /**
   * A recurring trob's schedule fired: its next job is created, on the unsent index, and the run
   * dispatch sends its run message as for any other job (so a worker that dies right after loses
   * nothing), unless the last job still runs or the automation was paused.
   */
  async tick(message, ctx, deps) {
    const next = await startScheduledJob(message.workspaceId, message.automationId, deps.now());
    if (!next) {
      ctx.log.info('tick dropped: the automation is not active (a job still runs, or it was paused)');
      return 'not-claimed';
    }
    ctx.log.info('scheduled job created; the run dispatch sends it', { jobId: next.jobId });
    return 'scheduled';
  },

  /**
   * The lead count made exact from its shards: a batch stored after the last checkpoint (a crash, a
   * lost lease) is counted now (functions/leads/lead-count.ts).
   */
  async settle(job, state) {
    const shards = await shardedLeadCount(job.workspaceId, job.automationId);
    Object.assign(state, exactCount(state, shards));
  },

  /** A batch stored after the last checkpoint is counted now: a cancelled job is not claimed again. */
  afterLeaseLost: (job) => settleLeadCount(job.workspaceId, job.automationId),
};
