import type { SegmentMessage } from '../../shared/run-messages';
import { RUN_TEXTS } from '../../shared/run-texts';
import { claimSegment, LeaseLostError, markHeldRunUnsent } from '../jobs/job-state';
import type { RunContext } from './run-context';
import type { RunKinds, TickMessage } from './run-kind';
import { RUN_METRICS } from './run-metrics';
import { LEASE_EXTRA_MS, type RunDeps, type RunOutcome } from './segment-outcomes';
import { SegmentRunner } from './segment-runner';

export type { RunDeps, RunOutcome } from './segment-outcomes';

/**
 * The run service (issue 11): claims one segment of a job and runs it (segment-runner.ts) with its
 * kind, or hands a schedule's tick to its kind. Whatever a segment meets, the job never stays stuck: a
 * lost lease stops quietly, and the last failed attempt ends the job failed.
 */
export function createRunService(deps: RunDeps, kinds: RunKinds) {
  return { run, tick };

  /** An automation's schedule fired: its kind starts the next job, or drops the tick. */
  function tick(message: TickMessage, ctx: RunContext): Promise<RunOutcome> {
    return kinds.ticks[message.kind].tick(message, ctx, deps);
  }

  /**
   * The last attempt ends the job failed. Should that write fail too (the table out of reach), the
   * message is still acknowledged: on the DLQ it would be a valid message among the unreadable ones, and
   * the job would stay running until the sweep found it anyway. The job's lease is ended instead, so the
   * stalled-job sweep sends its segment again (run-dispatch-service.ts) and the job is retried from its
   * checkpoint, to end one way or the other. Both errors are logged: failForGood logs the cause first.
   */
  async function failLastAttempt(job: SegmentRunner, cause: unknown, ctx: RunContext): Promise<RunOutcome> {
    try {
      await job.failForGood(RUN_TEXTS.retriesExhausted(ctx.receiveCount), cause);
      return 'failed';
    } catch (error) {
      ctx.log.error('failed job not ended: the stalled-job sweep retries it', { error });
      await job.leaveToSweep();
      return 'stalled';
    }
  }

  async function run(message: SegmentMessage, ctx: RunContext): Promise<RunOutcome> {
    const now = deps.now();
    const claimed = await claimSegment({
      userId: message.workspaceId,
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
        userId: message.workspaceId,
        automationId: message.automationId,
        job: claimed.job,
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
    if (claimed.job.startedAt === now.toISOString()) ctx.metrics.count(RUN_METRICS.started);
    const kind = kinds.segments[message.kind];
    const job = new SegmentRunner(message, claimed.lease, claimed.automation, claimed.job, kind, ctx, deps);
    try {
      return await job.run();
    } catch (error) {
      if (error instanceof LeaseLostError) {
        ctx.log.info('run stopped: its lease was taken (paused, cancelled or continued elsewhere)');
        // A batch stored after the last checkpoint is counted now: a cancelled job is not claimed again.
        await kind.afterLeaseLost?.(message).catch((settleError: unknown) => {
          ctx.log.warn('job not settled after its lease was lost; the next claim settles it', {
            error: settleError,
          });
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
