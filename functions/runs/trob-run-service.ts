import type { FlowTickMessage, SegmentMessage, TrobTickMessage } from '../../shared/run-messages';
import { RUN_TEXTS } from '../../shared/run-texts';
import { findFlow } from '../flows/flow-repository';
import type { StoredAutomation } from '../jobs/automation-item';
import { nextFlowSchedule } from '../jobs/flow-schedule';
import { claimSegment, startScheduledJob } from '../jobs/run-claims';
import { LeaseLostError } from '../jobs/run-repository';
import { markHeldRunUnsent } from '../jobs/unsent-repository';
import { settleLeadCount } from '../leads/lead-count';
import type { RunContext } from './run-context';
import { RUN_KINDS } from './run-kinds';
import { RUN_METRICS } from './run-metrics';
import { LEASE_EXTRA_MS, type TrobRunDeps, type TrobRunOutcome } from './segment-outcomes';
import { SegmentRunner } from './segment-runner';

export type { TrobRunDeps, TrobRunOutcome } from './segment-outcomes';

/**
 * The trob runner (issue 11): claims one segment of a job and runs it (segment-runner.ts), or starts a
 * recurring automation's next job on its schedule's tick. Whatever a segment meets, the job never
 * stays stuck: a lost lease stops quietly, and the last failed attempt ends the job failed.
 */
export function createTrobRunService(deps: TrobRunDeps) {
  return { run, tick, flowTick };

  /**
   * A flow's schedule fired: its next run starts as a scheduled job, which the run dispatch sends with
   * the schedule of the run after it. While a run of the flow still goes on nothing starts, and the
   * schedule of its next slot is put here, so the flow keeps its days; a paused or stopped flow has no
   * schedule left to put.
   */
  async function flowTick(message: FlowTickMessage, ctx: RunContext): Promise<TrobRunOutcome> {
    const next = await startScheduledJob(message.userId, message.automationId, deps.now());
    if (next) {
      ctx.log.info('flow run created; the run dispatch sends it', { jobId: next.jobId });
      return 'scheduled';
    }
    const flow = await findFlow(message.userId, message.automationId);
    if (flow && (flow.status === 'running' || flow.status === 'pending')) {
      await deps.scheduler.put(nextFlowSchedule(flow, deps.now()).spec);
      ctx.log.info('flow tick met a run still going: its next slot is scheduled');
    } else ctx.log.info('flow tick dropped: the flow is paused or stopped');
    return 'not-claimed';
  }

  /**
   * A recurring automation's schedule fired: its next job is created, on the unsent index, and the run
   * dispatch sends its run message as for any other job (so a worker that dies right after loses
   * nothing), unless the last job still runs or the automation was paused.
   */
  async function tick(message: TrobTickMessage, ctx: RunContext): Promise<TrobRunOutcome> {
    const next = await startScheduledJob(message.userId, message.automationId, deps.now());
    if (!next) {
      ctx.log.info('tick dropped: the automation is not active (a job still runs, or it was paused)');
      return 'not-claimed';
    }
    ctx.log.info('scheduled job created; the run dispatch sends it', { jobId: next.jobId });
    return 'scheduled';
  }

  /**
   * The last attempt ends the job failed. Should that write fail too (the table out of reach), the
   * message is still acknowledged: on the DLQ it would be a valid message among the unreadable ones, and
   * the job would stay running until the sweep found it anyway. The job's lease is ended instead, so the
   * stalled-job sweep sends its segment again (run-dispatch-service.ts) and the job is retried from its
   * checkpoint, to end one way or the other. Both errors are logged: failForGood logs the cause first.
   */
  async function failLastAttempt(
    job: SegmentRunner,
    cause: unknown,
    ctx: RunContext,
  ): Promise<TrobRunOutcome> {
    try {
      await job.failForGood(RUN_TEXTS.retriesExhausted(ctx.receiveCount), cause);
      return 'failed';
    } catch (error) {
      ctx.log.error('failed job not ended: the stalled-job sweep retries it', { error });
      await job.leaveToSweep();
      return 'stalled';
    }
  }

  async function run(message: SegmentMessage, ctx: RunContext): Promise<TrobRunOutcome> {
    const now = deps.now();
    const claimed = await claimSegment({
      userId: message.userId,
      automationId: message.automationId,
      jobId: message.jobId,
      segment: message.segment,
      now,
      leaseMs: ctx.remainingMs() + (deps.leaseExtraMs ?? LEASE_EXTRA_MS),
    });
    if (claimed.kind === 'held') {
      // A live lease holds this segment: a worker still running it, or one that stopped without letting
      // go (a crash, a Ctrl-C). The segment goes back on the unsent index, for the run dispatch to send
      // once the lease ends, to take it over from its checkpoint if nobody finished it; dropped here, the
      // job would stay running for ever. Not sent from here: every run message goes out through the
      // unsent index, so a send that fails or a worker that dies right after loses nothing.
      const sendAt = new Date(claimed.until.getTime() + 1000);
      const marked = await markHeldRunUnsent({
        userId: message.userId,
        automationId: message.automationId,
        jobId: message.jobId,
        segment: message.segment,
        sendAt,
        now,
      });
      if (!marked) {
        ctx.log.info('run held by a lease that has since let go of the job: nothing to take over');
        return 'not-claimed';
      }
      ctx.log.info('run held by a lease: its segment is sent again when the lease ends', {
        sendAt: sendAt.toISOString(),
      });
      return 'lease-held';
    }
    if (claimed.kind === 'refused') {
      ctx.metrics.count(RUN_METRICS.duplicates);
      ctx.log.info('run not claimed: a duplicate, an older message, or a job that no longer runs');
      return 'not-claimed';
    }
    // A job's first claim (its start time is this claim's): run again and scheduled jobs count too.
    if (claimed.item.startedAt === now.toISOString()) ctx.metrics.count(RUN_METRICS.started);
    const kind = RUN_KINDS[message.kind];
    if (!kind) throw new Error(`No run handler for ${message.kind} messages`);
    const job = new SegmentRunner(
      message,
      claimed.lease,
      claimed.item as unknown as StoredAutomation,
      kind,
      ctx,
      deps,
    );
    try {
      return await job.run();
    } catch (error) {
      if (error instanceof LeaseLostError) {
        ctx.log.info('run stopped: its lease was taken (paused, cancelled or continued elsewhere)');
        // A batch stored after the last checkpoint is counted now: a cancelled job is not claimed again.
        await settleLeadCount(message.userId, message.automationId).catch((countError: unknown) => {
          ctx.log.warn('lead count not settled; the next claim settles it', { error: countError });
        });
        return 'lease-lost';
      }
      // Retries cannot fix this run any more: it fails now rather than staying stuck.
      if (ctx.receiveCount >= ctx.maxReceiveCount) return failLastAttempt(job, error, ctx);
      await job.letGo();
      throw error;
    }
  }
}
