import {
  type CompletenessReport,
  type EnrichmentState,
  type JobStage,
  MAX_JOB_STAGES,
} from '../../shared/automations-values';
import { limitsFor } from '../../shared/plan-policy';
import { PLATFORM_TABLE, type Platform, platformLabel } from '../../shared/platforms';
import type { JobProgress } from '../../shared/realtime';
import type { TrobRunMessage } from '../../shared/run-messages';
import { ACTION_WORDS, RUN_TEXTS } from '../../shared/run-texts';
import { releaseProfiles, reserveProfiles, usageMonth } from '../account/usage-repository';
import { findUserById } from '../auth/user-repository';
import type { StoredAutomation } from '../automations/automation-repository';
import { findTemplate } from '../catalog/catalog-repository';
import {
  listConnections,
  recordValidation,
  type StoredConnection,
} from '../connections/connection-repository';
import { encryptionContext } from '../connections/connection-service';
import type { KeysPort } from '../core/ports/keys';
import type { QueuePort } from '../core/ports/queue';
import type { SchedulerPort } from '../core/ports/scheduler';
import { enrichLead, leadsAfter, storeLeads } from '../leads/lead-store';
import {
  type BrowserCookie,
  BrowserMissingError,
  openPlatformPage,
  type PlatformPage,
} from '../platforms/browser';
import { type ListRow, PlatformStop, type TrobDriver } from '../platforms/driver-types';
import { platformBaseUrl } from '../platforms/session-check';
import { trobDriver } from '../platforms/trob-drivers';
import type { GovernedAction } from '../safety/budgets';
import type { Governor } from '../safety/governor';
import { completenessReport } from './completeness';
import { leadOf } from './lead-of-row';
import { nextRunAfter, scheduleNameOf } from './recurring-schedule';
import type { RunContext } from './run-context';
import { RUN_METRICS } from './run-metrics';
import {
  checkpoint,
  failUnclaimed,
  finishRun,
  type Lease,
  LeaseLostError,
  type RunCounters,
  type RunCursor,
  type RunEnd,
  type RunSnapshot,
  releaseForNextSegment,
  releaseForRetry,
  runStateOf,
  type StoredProgress,
} from './run-repository';

/**
 * One claimed segment of a job (issue 11): opens the account's session in Chromium, reads the
 * template's list page by page (then visits profiles where the template promises more),
 * stores leads once each, reports progress, and ends the segment in one of four ways: done, continued
 * in a new message before the invocation runs out, waiting for a budget, or stopped by the platform.
 */
export interface TrobRunDeps {
  now: () => Date;
  /** Only for a message that met a live lease: it comes back, the same message, when the lease ends. */
  queue: Pick<QueuePort, 'send'>;
  /** A recurring automation that pauses itself (three failed runs in a row) loses its schedule. */
  scheduler: Pick<SchedulerPort, 'remove'>;
  keys: Pick<KeysPort, 'decrypt'>;
  /** Hand over to the next message when less than this is left (default SEGMENT_MARGIN_MS). */
  segmentMarginMs?: number;
  /** How long the lease outlives the invocation (default LEASE_EXTRA_MS). */
  leaseExtraMs?: number;
}

/** A segment hands over to the next message when less than this is left of its invocation. */
export const SEGMENT_MARGIN_MS = 45_000;
/** The lease outlives the invocation by this much, so a crashed worker's run is free again soon after. */
export const LEASE_EXTRA_MS = 30_000;
/** Listed rows are stored in batches of about this many (a lead transaction holds 99). */
const BATCH_LEADS = 50;
/** Checkpoint and progress are written at least this often during enrichment. */
const ENRICH_CHECKPOINT_EVERY = 5;

export type TrobRunOutcome =
  | 'not-claimed'
  /** Another lease holds the segment: the message was sent again, delayed to when the lease ends. */
  | 'lease-held'
  | 'completed'
  | 'continued'
  | 'waiting'
  | 'paused'
  | 'failed'
  | 'lease-lost';

export class Job {
  private state: { cursor: RunCursor; counters: RunCounters; totalLeads: number };
  private enrichment: EnrichmentState | undefined;
  private progress: StoredProgress;
  private readonly platform: Platform;
  private readonly label: string;
  private readonly config: Record<string, unknown>;
  private readonly reporter;
  private lastStage = '';
  private stages: JobStage[];

  constructor(
    private readonly message: TrobRunMessage,
    private readonly lease: Lease,
    private readonly automation: StoredAutomation,
    private readonly ctx: RunContext,
    private readonly deps: TrobRunDeps,
  ) {
    const state = runStateOf(automation as unknown as Record<string, unknown>);
    this.state = state;
    this.enrichment = automation.enrichment;
    this.platform = automation.platform;
    this.label = platformLabel(automation.platform);
    this.config = automation.config ?? {};
    this.progress = {
      progress: automation.progress ?? 0,
      stage: automation.stage ?? 'starting',
      message: automation.message ?? RUN_TEXTS.opening(this.label),
      completedTasks: automation.completedTasks ?? 0,
      totalTasks: automation.totalTasks ?? 0,
      successTasks: automation.successTasks ?? 0,
      failedTasks: automation.failedTasks ?? 0,
    };
    this.reporter = ctx.progressFor(message.userId, message.jobId);
    this.stages = automation.stageHistory ?? [];
  }

  private get margin(): number {
    return this.deps.segmentMarginMs ?? SEGMENT_MARGIN_MS;
  }

  private get maxProfiles(): number {
    const value = (this.config.filteringSettings as { maxProfiles?: unknown } | undefined)?.maxProfiles;
    return typeof value === 'number' && value > 0 ? Math.floor(value) : 100;
  }

  private get skipDuplicates(): boolean {
    return (this.config.exportSettings as { skipDuplicates?: unknown } | undefined)?.skipDuplicates === true;
  }

  async run(): Promise<TrobRunOutcome> {
    // A delayed message may arrive before the budget it waits for is back: wait again, no browser.
    const waitUntil = this.automation.waitUntil ? new Date(this.automation.waitUntil) : undefined;
    if (waitUntil && waitUntil > this.deps.now()) return this.hop(waitUntil, 'waiting');
    const template = await findTemplate(this.automation.templateId);
    if (!template) return this.failForGood(RUN_TEXTS.templateGone);
    const connection = await this.connection();
    if (!connection) return this.failForGood(RUN_TEXTS.notConnected(this.label));
    const cookies = JSON.parse(
      await this.deps.keys.decrypt(
        connection.sealedCookies,
        encryptionContext(this.message.userId, connection.accountId, this.platform),
      ),
    ) as BrowserCookie[];
    const driver = trobDriver(this.automation.templateId, cookies);
    if (!driver) return this.failForGood(RUN_TEXTS.notRunnable);
    const governor = this.ctx.governorFor(
      { userId: this.message.userId, connectionId: connection.id },
      this.platform,
    );

    this.report('starting', RUN_TEXTS.opening(this.label));
    let page: PlatformPage | undefined;
    try {
      page = await openPlatformPage({
        baseUrl: platformBaseUrl(this.platform),
        landingPath: driver.landingPath,
        cookies,
        userAgent: connection.userAgent,
      });
      const wall = driver.wallAt(page.landedAt);
      if (wall) throw new PlatformStop(wall, `the landing page ended at a ${wall} wall`);
      return await this.work(page, driver, governor);
    } catch (error) {
      if (error instanceof PlatformStop) return this.platformStopped(error, connection, driver, governor);
      // The local cloud without Chromium: a retry an hour later would fail the same way.
      if (error instanceof BrowserMissingError) return this.failForGood(RUN_TEXTS.browserMissing(error.path));
      throw error;
    } finally {
      await page?.close();
    }
  }

  private async connection(): Promise<StoredConnection | undefined> {
    const record = PLATFORM_TABLE[this.platform].record;
    return (await listConnections(this.message.userId)).find((c) => c.platform === record && c.isActive);
  }

  private async work(page: PlatformPage, driver: TrobDriver, governor: Governor): Promise<TrobRunOutcome> {
    if (this.state.cursor.phase === 'list') {
      const listed = await this.readList(page, driver, governor);
      if (listed) return listed;
      const enrich = driver.profile && driver.wantsEnrichment?.(this.config) && this.state.totalLeads > 0;
      if (!enrich) return this.complete(driver);
      this.state.cursor = { phase: 'enrich' };
      this.enrichment = { status: 'enriching', enrichedCount: 0, totalExpected: this.state.totalLeads };
      await this.save();
    }
    const enriched = await this.enrich(page, driver, governor);
    if (enriched) return enriched;
    return this.complete(driver);
  }

  /** The list phase; answers an outcome when the segment ends here, undefined when the list is done. */
  /**
   * The list phase; answers an outcome when the segment ends here, undefined when the list is done.
   * Reading and storing overlap: while one batch of leads is written, the next pages are read (the
   * budget is still taken before each read). Batches are stored in order, and the checkpoint moves
   * only past pages whose leads are stored, so a crash re-reads what was not stored yet.
   */
  private async readList(
    page: PlatformPage,
    driver: TrobDriver,
    governor: Governor,
  ): Promise<TrobRunOutcome | undefined> {
    const counters = this.state.counters;
    if (this.state.cursor.ended) return undefined;
    const month = usageMonth(this.deps.now());
    // The plan, read once a segment: the month's allowance the reservations are held to.
    const limit = limitsFor((await findUserById(this.message.userId))?.plan).monthlyProfiles;
    let readCursor = this.state.cursor.list;
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
      inFlight = { rows: sending.rows.length, done: this.storeBatch(sending, page, driver, month, limit) };
      return previous;
    };
    /** Stores everything read so far and answers whether the month's allowance stopped the job. */
    const drain = async (): Promise<boolean> => {
      if ((await flush()) === 'monthly-limit') return true;
      return (await settle()) === 'monthly-limit';
    };
    const monthlyLimitReached = () =>
      this.finish({
        status: 'completed',
        message: RUN_TEXTS.monthlyLimit(limit),
        report: this.completeness(driver),
      });

    try {
      for (;;) {
        const room = this.maxProfiles - counters.stored - (inFlight?.rows ?? 0) - batch.rows.length;
        if (room <= 0) {
          if (await drain()) return monthlyLimitReached();
          if (counters.stored >= this.maxProfiles) break;
          continue;
        }
        if (this.ctx.remainingMs() < this.margin) {
          if (await drain()) return monthlyLimitReached();
          return this.continueLater();
        }
        const action = driver.list.actionAt?.(readCursor, this.config) ?? driver.list.action;
        const take = await governor.take(action);
        if (!take.ok) {
          if (await drain()) return monthlyLimitReached();
          return this.waitForBudget(
            governor,
            action,
            take.until,
            this.maxProfiles - counters.stored,
            'profiles',
          );
        }
        await governor.pace(action);
        const listed = await driver.list.read(page, readCursor, this.config);
        batch.pages++;
        batch.found += listed.rows.length;
        if (listed.total !== undefined) batch.available = listed.total;
        if (listed.cap !== undefined) batch.cap = listed.cap;
        let kept = 0;
        for (const row of listed.rows) {
          if (row.hidden) batch.hidden++;
          else if (driver.keep && !driver.keep(row, this.config)) batch.filtered++;
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
    return undefined;
  }

  /** Stores one batch of listed rows, then moves the counters, the progress and the checkpoint past it. */
  private async storeBatch(
    batch: ListedBatch,
    page: PlatformPage,
    driver: TrobDriver,
    month: string,
    limit: number,
  ): Promise<BatchOutcome> {
    const counters = this.state.counters;
    // Reserved a part at a time: a duplicate gives its reservation back when stored, so the month's
    // allowance is judged on what is left after that, not on the whole batch at once.
    let rest = batch.rows;
    let limited = false;
    while (rest.length > 0) {
      const granted = await reserveProfiles(this.message.userId, month, rest.length, limit);
      if (granted === 0) {
        limited = true;
        break;
      }
      const storing = rest.slice(0, granted);
      rest = rest.slice(granted);
      const now = this.deps.now().toISOString();
      const outcome = await storeLeads(
        {
          userId: this.message.userId,
          automationId: this.automation.id,
          platform: this.platform,
          jobId: this.message.jobId,
        },
        storing.map((row) => leadOf(row, page.baseUrl, now)),
        { skipDuplicates: this.skipDuplicates },
      );
      // DECISIONS 22: profiles count once per lead stored, on every run that stores them; a duplicate,
      // or a lead an earlier attempt of this same job already stored, gives its reservation back.
      await releaseProfiles(
        this.message.userId,
        month,
        storing.length - outcome.created - outcome.restoredFromEarlierJobs,
      );
      // Stored by this job: new leads, and known ones an earlier job stored. A person this job listed
      // twice (a commenter who also reacted) counts once towards maxProfiles and the report.
      counters.stored += outcome.created + outcome.restoredFromEarlierJobs;
      counters.duplicates += outcome.duplicates;
      this.state.totalLeads += outcome.created;
      this.ctx.metrics.count(RUN_METRICS.leadsWritten, outcome.created + outcome.updated);
    }
    counters.found += batch.found;
    counters.hidden += batch.hidden;
    counters.filtered += batch.filtered;
    if (batch.available !== undefined) counters.available = batch.available;
    if (batch.cap !== undefined) counters.platformCap = batch.cap;
    this.state.cursor = batch.cursor ? { phase: 'list', list: batch.cursor } : { phase: 'list', ended: true };
    const target = this.target();
    const share = this.listShare(driver);
    this.progress = {
      ...this.progress,
      progress: Math.min(share, Math.round((counters.stored / Math.max(1, target)) * share)),
      completedTasks: Math.min(target, counters.stored),
      totalTasks: target,
      successTasks: counters.stored,
    };
    this.report('extracting', RUN_TEXTS.reading(driver.list.noun, counters.stored));
    await this.save();
    return limited ? 'monthly-limit' : 'stored';
  }

  private async enrich(
    page: PlatformPage,
    driver: TrobDriver,
    governor: Governor,
  ): Promise<TrobRunOutcome | undefined> {
    const reader = driver.profile!;
    const owner = { userId: this.message.userId, automationId: this.automation.id, platform: this.platform };
    const counters = this.state.counters;
    const total = this.enrichment?.totalExpected ?? this.state.totalLeads;
    let sinceSave = 0;
    for (;;) {
      const { leads: batch } = await leadsAfter(owner, this.state.cursor.enrichAfter, 25);
      if (batch.length === 0) break;
      for (const lead of batch) {
        if (this.ctx.remainingMs() < this.margin) return this.continueLater();
        if (!lead.enrichedAt) {
          const take = await governor.take(reader.action);
          if (!take.ok) {
            return this.waitForBudget(
              governor,
              reader.action,
              take.until,
              total - counters.enriched - counters.enrichFailed,
              'profiles',
            );
          }
          await governor.pace(reader.action);
          const fields = await reader.read(page, lead, this.config);
          if (
            fields &&
            (await enrichLead(owner, lead.id, { ...fields, enrichedAt: this.deps.now().toISOString() }))
          ) {
            counters.enriched++;
          } else counters.enrichFailed++;
        }
        this.state.cursor = { phase: 'enrich', enrichAfter: lead.id };
        const done = counters.enriched + counters.enrichFailed;
        this.enrichment = { status: 'enriching', enrichedCount: counters.enriched, totalExpected: total };
        const share = this.listShare(driver);
        this.progress = {
          ...this.progress,
          progress: Math.min(99, share + Math.round(((100 - share) * done) / Math.max(1, total))),
          completedTasks: done,
          totalTasks: total,
          successTasks: counters.enriched,
          failedTasks: counters.enrichFailed,
        };
        this.report('enriching', RUN_TEXTS.enriching(done, total));
        if (++sinceSave >= ENRICH_CHECKPOINT_EVERY) {
          sinceSave = 0;
          await this.save();
        }
      }
    }
    this.enrichment = { status: 'completed', enrichedCount: counters.enriched, totalExpected: total };
    await this.save();
    return undefined;
  }

  /** The list's share of the progress bar: all of it, or half when profiles are visited after. */
  private listShare(driver: TrobDriver): number {
    return driver.profile && driver.wantsEnrichment?.(this.config) ? 50 : 100;
  }

  private target(): number {
    const { available, hidden } = this.state.counters;
    return available === undefined
      ? this.maxProfiles
      : Math.min(this.maxProfiles, Math.max(0, available - hidden));
  }

  private completeness(driver: TrobDriver): CompletenessReport {
    return completenessReport(this.state.counters, driver.list);
  }

  private report(stage: string, message: string): void {
    this.progress = { ...this.progress, stage, message };
    this.lastStage = stage;
    this.markStage(stage);
    const pushed: JobProgress = {
      jobId: this.message.jobId,
      status: 'running',
      ...this.progress,
    };
    this.reporter.report(pushed);
  }

  /** The job's stage history: a stage is added when the job enters it. */
  private markStage(stage: string): void {
    if (this.stages.at(-1)?.stage !== stage)
      this.stages = [...this.stages, { stage, at: this.deps.now().toISOString() }].slice(-MAX_JOB_STAGES);
  }

  private async save(): Promise<void> {
    await checkpoint(this.lease, this.snapshot(), this.deps.now());
  }

  private snapshot(): RunSnapshot {
    return {
      cursor: this.state.cursor,
      counters: this.state.counters,
      progress: this.progress,
      ...(this.enrichment ? { enrichment: this.enrichment } : {}),
      stages: this.stages,
    };
  }

  /** The job this segment runs, as its end records it. */
  private endingJob(now: Date) {
    const interval = this.automation.interval;
    return {
      ref: { id: this.message.jobId, createdAt: this.automation.jobCreatedAt ?? this.automation.createdAt },
      ...(this.automation.startedAt ? { startedAt: this.automation.startedAt } : {}),
      ...(interval ? { nextRunAt: nextRunAfter(now, interval) } : {}),
      failedRunsInRow: this.automation.failedRunsInRow ?? 0,
    };
  }

  private async complete(driver: TrobDriver): Promise<TrobRunOutcome> {
    this.progress = {
      ...this.progress,
      progress: 100,
      completedTasks: this.progress.totalTasks,
    };
    return this.finish({
      status: 'completed',
      message: RUN_TEXTS.completed(this.state.counters.stored),
      report: this.completeness(driver),
    });
  }

  private async finish(end: RunEnd): Promise<TrobRunOutcome> {
    const now = this.deps.now();
    const message = end.status === 'completed' ? end.message : end.errorMessage;
    // A completed job is at 100%, also when it stopped early at the month's allowance with what it has.
    const progress = end.status === 'completed' ? 100 : this.progress.progress;
    this.progress = { ...this.progress, progress, stage: end.status, message };
    this.markStage(end.status);
    const status = await finishRun(this.lease, end, this.snapshot(), now, this.endingJob(now));
    if (status === 'paused' && end.status === 'failed') await this.unschedule();
    this.reporter.report({ jobId: this.message.jobId, status: end.status, ...this.progress });
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

  /** The job ends as failed, whether or not this worker still holds it (a permanent error, retries used up). */
  async failForGood(errorMessage: string, cause?: unknown): Promise<TrobRunOutcome> {
    try {
      return await this.finish({ status: 'failed', errorMessage });
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error;
    } finally {
      if (cause) this.ctx.log.error('job failed for good', { error: cause });
    }
    const now = this.deps.now();
    await failUnclaimed(this.message.userId, this.automation.id, errorMessage, now, this.endingJob(now));
    this.ctx.metrics.count(RUN_METRICS.failed);
    return 'failed';
  }

  /** A recurring automation that paused itself is not scheduled any more (a resume puts it back). */
  private async unschedule(): Promise<void> {
    await this.deps.scheduler.remove(scheduleNameOf(this.automation.id)).catch((error: unknown) => {
      this.ctx.log.warn('schedule not removed; its ticks find the automation paused', { error });
    });
  }

  /** A failed attempt that SQS will retry: the lease ends now, so the retry may claim the job at once. */
  async letGo(): Promise<void> {
    await releaseForRetry(this.lease, this.snapshot(), this.deps.now()).catch(() => undefined);
    // The retry is the same message (same segment): a released lease lets it claim again.
    await this.reporter.flush();
  }

  /** The next segment goes on the unsent index with the release; the run dispatch sends it. */
  private async continueLater(): Promise<TrobRunOutcome> {
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
    noun: string,
  ): Promise<TrobRunOutcome> {
    const now = this.deps.now();
    const forecast = await governor.forecast(action, Math.max(0, remaining), noun);
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
  private async hop(until: Date, outcome: TrobRunOutcome): Promise<TrobRunOutcome> {
    await releaseForNextSegment(this.lease, this.snapshot(), this.deps.now(), { until });
    await this.reporter.flush();
    return outcome;
  }

  private async platformStopped(
    stop: PlatformStop,
    connection: StoredConnection,
    driver: TrobDriver,
    governor: Governor,
  ): Promise<TrobRunOutcome> {
    this.ctx.log.warn('platform stopped the run', { reason: stop.reason, detail: stop.detail });
    if (stop.reason === 'rate-limited') {
      const action =
        this.state.cursor.phase === 'enrich' && driver.profile ? driver.profile.action : driver.list.action;
      const until = await governor.rest(action, stop.retryAt);
      this.report('waiting', RUN_TEXTS.platformLimit(this.label));
      return this.waitForBudget(
        governor,
        action,
        until,
        this.target() - this.state.counters.stored,
        'profiles',
      );
    }
    if (stop.reason === 'challenge' || stop.reason === 'expired') {
      const errorMessage =
        stop.reason === 'challenge' ? RUN_TEXTS.challenge(this.label) : RUN_TEXTS.expired(this.label);
      await recordValidation(this.message.userId, connection.id, {
        ok: false,
        error: errorMessage,
        now: this.deps.now().toISOString(),
      });
      return this.finish({
        status: 'paused',
        pausedFor: 'platform',
        errorMessage,
        report: this.completeness(driver),
      });
    }
    const errorMessage =
      // The driver's own words say what was not there ('LinkedIn shows a page’s followers to its admins only').
      stop.reason === 'not-found'
        ? RUN_TEXTS.notFound(this.label, stop.detail)
        : RUN_TEXTS.changed(this.label);
    return this.finish({ status: 'failed', errorMessage, report: this.completeness(driver) });
  }
}

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
