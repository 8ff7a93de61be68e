import { type CompletenessReport, type JobStage, MAX_JOB_STAGES } from '../../shared/automations-values';
import { type Platform, platformLabel } from '../../shared/platforms';
import type { SegmentMessage } from '../../shared/run-messages';
import { ACTION_WORDS, RUN_TEXTS } from '../../shared/run-texts';
import type { PlatformSession } from '../connections/platform-sessions';
import type { StoredAutomation } from '../jobs/automation-item';
import {
  checkpoint,
  type EndingJob,
  failUnclaimed,
  finishJob,
  type Lease,
  LeaseLostError,
  type LiveJob,
  type RunEnd,
  type RunSnapshot,
  releaseForNextSegment,
  releaseForRetry,
  releaseLease,
  runStateOf,
  saveStage,
} from '../jobs/job-state';
import { BrowserMissingError, openPlatformPage, type PlatformPage } from '../platforms/browser';
import { PlatformStop } from '../platforms/driver-types';
import { platformBaseUrl } from '../platforms/session-check';
import type { GovernedAction } from '../safety/budgets';
import type { Governor } from '../safety/governor';
import type { HandlerStep, RunContext, SegmentContextBase, SegmentState } from './run-context';
import type { KindRun, RunKind } from './run-kind';
import { RUN_METRICS } from './run-metrics';
import { CHECKPOINT_EVERY_MS, type RunDeps, type RunOutcome, SEGMENT_MARGIN_MS } from './segment-outcomes';

/**
 * The segment runner (issue 19 point 4): runs one claimed segment of a job. It owns what every kind of
 * work shares: the account's platform page, the invocation's deadline margin, budget waits, platform
 * stops, the checkpoint, the continuation in the next segment and the job's end. It knows no kind: the
 * work itself is its kind's (run-kind.ts), whose handlers get everything through their context, and the
 * platform session is the session provider's (functions/connections/platform-sessions.ts).
 */
export class SegmentRunner {
  private readonly state: SegmentState;
  private readonly platform: Platform;
  private readonly label: string;
  private readonly config: Record<string, unknown>;
  private readonly reporter;
  private lastStage = '';
  private stages: JobStage[];
  /** The saves of stages entered, in order (markStage). */
  private stageSaves: Promise<void> = Promise.resolve();
  /** When this segment last saved its checkpoint (saveIfDue). */
  private lastSaveAt: number | undefined;

  constructor(
    private readonly message: SegmentMessage,
    private readonly lease: Lease,
    private readonly automation: StoredAutomation,
    /** The job's own state as claimed: where it stands, what it counted, its progress and stages. */
    private readonly job: LiveJob,
    private readonly kind: RunKind,
    private readonly ctx: RunContext,
    private readonly deps: RunDeps,
  ) {
    const { cursor, counters, totalLeads, countedLeads } = runStateOf(job, automation);
    this.platform = automation.platform;
    this.label = platformLabel(automation.platform);
    this.config = automation.config ?? {};
    this.state = {
      cursor,
      counters,
      totalLeads,
      countedLeads,
      ...(job.enrichment ? { enrichment: job.enrichment } : {}),
      progress: {
        progress: job.progress ?? 0,
        stage: job.stage ?? 'starting',
        message: job.message ?? RUN_TEXTS.opening(this.label),
        completedTasks: job.completedTasks ?? 0,
        totalTasks: job.totalTasks ?? 0,
        successTasks: job.successTasks ?? 0,
        failedTasks: job.failedTasks ?? 0,
      },
    };
    this.reporter = ctx.progressFor(message.workspaceId, message.jobId);
    this.stages = job.stages ?? [];
  }

  async run(): Promise<RunOutcome> {
    // A delayed message may arrive before the budget it waits for is back: wait again, no browser.
    const waitUntil = this.automation.waitUntil ? new Date(this.automation.waitUntil) : undefined;
    if (waitUntil && waitUntil > this.deps.now()) return this.hop(waitUntil);
    const found = await this.deps.sessions.get(this.message.workspaceId, this.platform);
    if (found.kind === 'missing') return this.failForGood(RUN_TEXTS.notConnected(this.label));
    // The platform ended this session: no browser opens until the extension syncs fresh cookies.
    if (found.kind === 'retired') return this.pauseForPlatform(RUN_TEXTS.expired(this.label));
    const { session } = found;
    const { connection, cookies } = session;
    const kind = await this.kind.setup({
      workspaceId: this.message.workspaceId,
      jobId: this.message.jobId,
      automation: this.automation,
      session,
      now: this.deps.now,
      metrics: this.ctx.metrics,
      token: this.lease.token,
      leaseUntil: this.lease.until,
    });
    if ('refused' in kind) return this.failForGood(kind.refused);
    const account = { workspaceId: this.message.workspaceId, connectionId: connection.id };
    const governor = this.ctx.governorFor(account, this.platform, connection.timeZone);

    this.report('starting', RUN_TEXTS.opening(this.label));
    let page: PlatformPage | undefined;
    try {
      page = await openPlatformPage({
        baseUrl: platformBaseUrl(this.platform),
        landingPath: kind.landingPath,
        cookies,
        userAgent: connection.userAgent,
      });
      const wall = kind.wallAt(page.landedAt);
      if (wall) throw new PlatformStop(wall, `the landing page ended at a ${wall} wall`);
      await this.settle();
      return await this.after(await kind.run(this.baseContext(page, governor)), governor);
    } catch (error) {
      if (error instanceof PlatformStop) return this.platformStopped(error, session, kind, governor);
      // The local cloud without Chromium: a retry an hour later would fail the same way.
      if (error instanceof BrowserMissingError) return this.failForGood(RUN_TEXTS.browserMissing(error.path));
      throw error;
    } finally {
      await page?.close();
    }
  }

  /** What every kind's handler gets from the runner (its kind adds its own). */
  private baseContext(page: PlatformPage, governor: Governor): SegmentContextBase {
    const margin = this.deps.segmentMarginMs ?? SEGMENT_MARGIN_MS;
    return {
      config: this.config,
      state: this.state,
      page,
      governor,
      now: this.deps.now,
      hasTime: () => this.ctx.remainingMs() >= margin,
      report: (stage, message) => this.report(stage, message),
      save: () => this.save(),
      saveIfDue: async () => {
        if (
          this.lastSaveAt !== undefined &&
          this.deps.now().getTime() - this.lastSaveAt < CHECKPOINT_EVERY_MS
        )
          return;
        await this.save();
      },
      metrics: this.ctx.metrics,
    };
  }

  /** What the runner does with the handler's step. */
  private async after(step: HandlerStep, governor: Governor): Promise<RunOutcome> {
    switch (step.kind) {
      case 'done':
        throw new Error('A run handler ended its work without ending the job');
      case 'continue':
        return this.continueLater();
      case 'wait':
        return this.waitForBudget(governor, step.action, step.until, step.remaining);
      case 'end':
        return this.finish(step.end);
    }
  }

  private report(stage: string, message: string): void {
    this.state.progress = { ...this.state.progress, stage, message };
    this.lastStage = stage;
    this.markStage(stage);
    this.reporter.report({ jobId: this.message.jobId, status: 'running', ...this.state.progress });
  }

  /**
   * The job's stage history: a stage is added when the job enters it, and saved then (saveStage), in
   * order, with what the job shows when the save goes out. A save that finds the lease gone (the job
   * ended or handed over meanwhile) changes nothing: whoever holds the job has saved its own.
   */
  private markStage(stage: string): void {
    if (this.stages.at(-1)?.stage === stage) return;
    this.stages = [...this.stages, { stage, at: this.deps.now().toISOString() }].slice(-MAX_JOB_STAGES);
    this.stageSaves = this.stageSaves
      .then(() =>
        saveStage(
          this.lease,
          { stage: this.state.progress.stage, message: this.state.progress.message, stages: this.stages },
          this.deps.now(),
        ),
      )
      .catch((error: unknown) => {
        if (!(error instanceof LeaseLostError)) this.ctx.log.warn('stage not saved', { error });
      });
  }

  private async save(): Promise<void> {
    const now = this.deps.now();
    await checkpoint(this.lease, this.snapshot(), now);
    this.lastSaveAt = now.getTime();
  }

  private snapshot(): RunSnapshot {
    return {
      cursor: this.state.cursor,
      counters: this.state.counters,
      totalLeads: this.state.totalLeads,
      countedLeads: this.state.countedLeads,
      progress: this.state.progress,
      ...(this.state.enrichment ? { enrichment: this.state.enrichment } : {}),
      stages: this.stages,
    };
  }

  /** The job this segment runs, as its end records it. */
  private endingJob(now: Date): EndingJob {
    const nextRunAt = this.kind.nextRunAt(this.automation, now);
    return {
      ref: this.lease.job,
      ...(this.job.startedAt ? { startedAt: this.job.startedAt } : {}),
      ...(nextRunAt ? { nextRunAt } : {}),
      failedRunsInRow: this.automation.failedRunsInRow ?? 0,
    };
  }

  private async finish(end: RunEnd): Promise<RunOutcome> {
    const now = this.deps.now();
    const message = end.status === 'completed' ? end.message : end.errorMessage;
    // A completed job is at 100%, also when it stopped early at the month's allowance with what it has.
    const progress = end.status === 'completed' ? 100 : this.state.progress.progress;
    this.state.progress = { ...this.state.progress, progress, stage: end.status, message };
    this.markStage(end.status);
    await this.settle();
    const status = await finishJob(this.lease, end, this.snapshot(), now, this.endingJob(now));
    if (status === 'paused' && end.status === 'failed') await this.unschedule();
    this.reporter.report({ jobId: this.message.jobId, status: end.status, ...this.state.progress });
    await this.reporter.flush();
    this.ctx.metrics.count(
      end.status === 'completed'
        ? RUN_METRICS.completed
        : end.status === 'paused'
          ? RUN_METRICS.challenged
          : RUN_METRICS.failed,
    );
    this.ctx.log.info('job ended', {
      status: end.status,
      stored: this.state.counters.stored,
      stage: this.lastStage,
    });
    return end.status;
  }

  /**
   * The job ends as failed, whether or not this worker still holds it (a permanent error, retries used up).
   * The cause is logged before the job is ended: should ending it throw too, the caller gets that error,
   * and the failure that led here is not lost behind it.
   */
  async failForGood(errorMessage: string, cause?: unknown): Promise<RunOutcome> {
    if (cause) this.ctx.log.error('job fails for good', { error: cause });
    try {
      return await this.finish({ status: 'failed', errorMessage });
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
    }
    const now = this.deps.now();
    await failUnclaimed(this.message.workspaceId, this.automation.id, errorMessage, now, this.endingJob(now));
    this.ctx.metrics.count(RUN_METRICS.failed);
    return 'failed';
  }

  /** A recurring automation that paused itself is not scheduled any more (a resume puts it back). */
  private async unschedule(): Promise<void> {
    await this.deps.scheduler.remove(this.kind.scheduleName(this.automation.id)).catch((error: unknown) => {
      this.ctx.log.warn('schedule not removed; its ticks find the automation paused', { error });
    });
  }

  /** A failed attempt that SQS will retry: the lease ends now, so the retry may claim the job at once. */
  async letGo(): Promise<void> {
    await releaseForRetry(this.lease, this.snapshot(), this.deps.now()).catch(() => undefined);
    // The retry is the same message (same segment): a released lease lets it claim again.
    await this.reporter.flush();
  }

  /**
   * Lets go of a job whose end could not be written: only the lease ends (what ending it changed in memory,
   * the 'failed' stage, is not saved), so the stalled-job sweep retries it from its last checkpoint.
   * Should this write fail as well, the lease runs out on its own and the sweep comes a little later.
   */
  async leaveToSweep(): Promise<void> {
    await releaseLease(this.lease, this.deps.now()).catch(() => undefined);
    await this.reporter.flush();
  }

  /** The next segment goes on the unsent index with the release; the run dispatch sends it. */
  private async continueLater(): Promise<RunOutcome> {
    this.report(this.lastStage || 'extracting', RUN_TEXTS.continuing);
    await releaseForNextSegment(this.lease, this.snapshot(), this.deps.now());
    await this.reporter.flush();
    this.ctx.metrics.count(RUN_METRICS.continued);
    return 'continued';
  }

  private async waitForBudget(
    governor: Governor,
    action: GovernedAction,
    until: Date,
    remaining: number,
  ): Promise<RunOutcome> {
    const now = this.deps.now();
    const forecast = await governor.forecast(action, Math.max(0, remaining), 'profiles');
    const when = until.toISOString().replace('T', ' ').slice(0, 16);
    this.report(
      'waiting',
      RUN_TEXTS.waitingForBudget(this.label, ACTION_WORDS[action] ?? action, `${when} UTC`),
    );
    await releaseForNextSegment(this.lease, this.snapshot(), now, { until, forecast });
    this.ctx.metrics.count(RUN_METRICS.budgetWaits);
    await this.reporter.flush();
    return 'waiting';
  }

  /** Passes the wait on to a later message without touching the platform. */
  private async hop(until: Date): Promise<RunOutcome> {
    await releaseForNextSegment(this.lease, this.snapshot(), this.deps.now(), { until });
    await this.reporter.flush();
    return 'waiting';
  }

  private async platformStopped(
    stop: PlatformStop,
    session: PlatformSession,
    kind: KindRun,
    governor: Governor,
  ): Promise<RunOutcome> {
    this.ctx.log.warn('platform stopped the run', { reason: stop.reason, detail: stop.detail });
    const report = kind.report(this.state);
    if (stop.reason === 'rate-limited') {
      const action = kind.restAction(this.state);
      const until = await governor.rest(action, stop.retryAt);
      this.report('waiting', RUN_TEXTS.platformLimit(this.label));
      return this.waitForBudget(governor, action, until, kind.remaining(this.state, this.config));
    }
    if (stop.reason === 'challenge') {
      const errorMessage = RUN_TEXTS.challenge(this.label);
      await this.deps.sessions.markBad(session, errorMessage);
      return this.pauseForPlatform(errorMessage, report);
    }
    if (stop.reason === 'expired') {
      const errorMessage = RUN_TEXTS.expired(this.label);
      await this.deps.sessions.retire(session, errorMessage);
      return this.pauseForPlatform(errorMessage, report);
    }
    const errorMessage =
      // The driver's own words say what was not there ('LinkedIn shows a page’s followers to its admins only').
      stop.reason === 'not-found'
        ? RUN_TEXTS.notFound(this.label, stop.detail)
        : RUN_TEXTS.changed(this.label);
    return this.finish({ status: 'failed', errorMessage, ...(report ? { report } : {}) });
  }

  /** The platform needs the user (a challenge, a session it ended): the job pauses until they resume it. */
  private pauseForPlatform(errorMessage: string, report?: CompletenessReport): Promise<RunOutcome> {
    return this.finish({
      status: 'paused',
      pausedFor: 'platform',
      errorMessage,
      ...(report ? { report } : {}),
    });
  }

  /** The kind brings the job's state up to date (a lead count made exact from its shards, say). */
  private async settle(): Promise<void> {
    await this.kind.settle?.(
      { workspaceId: this.message.workspaceId, automationId: this.automation.id },
      this.state,
    );
  }
}
