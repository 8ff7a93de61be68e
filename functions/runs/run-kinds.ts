import type { CompletenessReport } from '../../shared/automations-values';
import type { RunKind } from '../../shared/run-messages';
import type { StoredConnection } from '../connections/connection-repository';
import { logger } from '../core/logger';
import type { StoredAutomation } from '../jobs/automation-item';
import type { BrowserCookie } from '../platforms/browser';
import type { PlatformStopReason } from '../platforms/driver-types';
import { trobDriver } from '../platforms/trob-drivers';
import type { GovernedAction } from '../safety/budgets';
import { createFlowSegment, flowDriverFor } from './flow-segment';
import { flowRunHandler } from './handlers/flow-run';
import { trobHandler } from './handlers/trob-handler';
import { completenessOf, targetOf } from './handlers/trob-progress';
import { createLeadSink } from './lead-sink';
import { planShareOf } from './plan-share';
import type { HandlerStep, SegmentContextBase, SegmentState } from './run-context';
import type { RunMetrics } from './run-metrics';

/**
 * What differs between the kinds of run message the segment runner serves (issue 19 point 4; flows in
 * issue 20): the driver that opens the platform, the handler and the context it gets, and what a
 * platform's stop keeps. The runner owns everything else (claim, page, deadline, waits, checkpoint,
 * continuation, the job's end).
 */
export interface KindRun {
  landingPath: string;
  wallAt(url: string): PlatformStopReason | undefined;
  /** Runs the kind's handler with the runner's context. */
  run(base: SegmentContextBase): Promise<HandlerStep>;
  /** The action a platform's 429 rests. */
  restAction(state: SegmentState): GovernedAction;
  /** What the job kept, when the platform stops it. */
  report(state: SegmentState): CompletenessReport | undefined;
  /** How many units of work are left (a budget wait's forecast). */
  remaining(state: SegmentState, config: Record<string, unknown>): number;
}

export interface KindInput {
  userId: string;
  jobId: string;
  automation: StoredAutomation;
  connection: StoredConnection;
  cookies: BrowserCookie[];
  now: () => Date;
  metrics: RunMetrics;
  /** This segment's lease token: a flow's writes are claimed under it. */
  token: string;
  /** When this segment's lease ends: a flow's writes are leased no longer (issue 35 point 1). */
  leaseUntil: Date;
}

/** The kind's run for this job, or undefined when its template has no driver (not runnable). */
export type RunKindSetup = (input: KindInput) => KindRun | undefined;

const trobKind: RunKindSetup = (input) => {
  const driver = trobDriver(input.automation.templateId, input.cookies);
  if (!driver) return undefined;
  const config = input.automation.config ?? {};
  return {
    landingPath: driver.landingPath,
    wallAt: (url) => driver.wallAt(url),
    async run(base) {
      const leads = await createLeadSink({
        userId: input.userId,
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
};

const flowKind: RunKindSetup = (input) => {
  const driver = flowDriverFor(input.automation.platform, input.cookies);
  if (!driver) return undefined;
  return {
    landingPath: driver.landingPath,
    wallAt: (url) => driver.wallAt(url),
    async run(base) {
      // The run's share of its account's plan is set as it starts, and kept by its continuations.
      const counters = base.state.counters;
      if (!counters.planShare && base.state.cursor.phase === 'list') {
        // A plan that cannot be made never stops a run: the governor guards each take all the same.
        const share = await planShareOf({
          userId: input.userId,
          connection: input.connection,
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
        flow: createFlowSegment({
          driver,
          flow: input.automation,
          jobId: input.jobId,
          account: { userId: input.userId, connectionId: input.connection.id },
          timeZone: input.connection.timeZone,
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
};

export const RUN_KINDS: Partial<Record<RunKind, RunKindSetup>> = {
  'trob-run': trobKind,
  'flow-run': flowKind,
};
