import * as z from 'zod/mini';

/**
 * The run contract (issue 11 point 1): every message on a run queue is one of these kinds, each with
 * its own schema. A message asks a worker to run one segment of one job; a long job checkpoints its
 * cursor on the automation and continues in a message of the next segment, so (jobId, segment) is the
 * business id a delivery is idempotent on. Each names the workspace whose job it is (`workspaceId`: its
 * owner's user id, so the partition of the job's items).
 */
const id = z.string().check(z.minLength(1), z.maxLength(128));
/** A job that needs more run messages than this is looping, not working. */
export const MAX_RUN_SEGMENTS = 10_000;
const segment = z.int().check(z.gte(0), z.lte(MAX_RUN_SEGMENTS));

export const trobRunMessage = z.object({
  kind: z.literal('trob-run'),
  /** The job this message runs: a one-off trob's is the automation's own id. */
  jobId: id,
  automationId: id,
  workspaceId: id,
  /** 0 for the job's first message, n for its nth continuation. */
  segment,
});
export type TrobRunMessage = z.infer<typeof trobRunMessage>;

/**
 * A recurring automation's schedule fires this (issue 11 point 14): the worker starts the automation's
 * next job, unless the last one still runs or the automation is no longer active.
 */
export const trobTickMessage = z.object({
  kind: z.literal('trob-tick'),
  automationId: id,
  workspaceId: id,
});
export type TrobTickMessage = z.infer<typeof trobTickMessage>;

/**
 * A flow's run (issue 20; DECISIONS 27): one segment of a job of the flow, as for a trob. The flow is an
 * automation item of kind 'flow', so `automationId` is the flow's id. Rides the flow-runs queue.
 */
export const flowRunMessage = z.object({
  kind: z.literal('flow-run'),
  jobId: id,
  automationId: id,
  workspaceId: id,
  segment,
});
export type FlowRunMessage = z.infer<typeof flowRunMessage>;

/** A flow's schedule fires this: its next run starts unless one still runs; the next slot is scheduled. */
export const flowTickMessage = z.object({
  kind: z.literal('flow-tick'),
  automationId: id,
  workspaceId: id,
});
export type FlowTickMessage = z.infer<typeof flowTickMessage>;

/**
 * Messages and schedule payloads put before issue 37 point 5 (on a queue, or stored with a schedule in
 * EventBridge Scheduler or the local scheduler table) name the workspace `userId`: such a message is
 * read as one that says `workspaceId`. One that names both is refused: no producer writes that, and
 * which of two ids to trust cannot be told.
 */
const workspaceNamed = z.transform((input: unknown, ctx) => {
  if (typeof input !== 'object' || input === null || !('userId' in input)) return input;
  const { userId, ...rest } = input as Record<string, unknown>;
  if (!('workspaceId' in rest)) return { ...rest, workspaceId: userId };
  ctx.issues.push({ code: 'custom', message: 'A run message names its workspace once', input });
  return input;
});

export const runMessage = z.pipe(
  workspaceNamed,
  z.discriminatedUnion('kind', [trobRunMessage, trobTickMessage, flowRunMessage, flowTickMessage]),
);
export type RunMessage = z.infer<typeof runMessage>;
export type RunKind = RunMessage['kind'];
/** A message that runs one segment of a job: a trob's or a flow's. */
export type SegmentMessage = TrobRunMessage | FlowRunMessage;
