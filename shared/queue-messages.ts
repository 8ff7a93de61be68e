import * as z from 'zod/mini';

/**
 * Every message on a run queue names its kind, the business id that makes processing idempotent,
 * and the owner. The engine issues add the kinds (trob runs, flow runs) and their own fields.
 */
export const runMessage = z.looseObject({
  kind: z.string().check(z.minLength(1)),
  runId: z.string().check(z.minLength(1)),
  userId: z.string().check(z.minLength(1)),
});
export type RunMessage = z.infer<typeof runMessage>;
