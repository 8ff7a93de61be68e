import { z } from 'zod';

/**
 * Every message on a run queue names its kind, the business id that makes processing idempotent,
 * and the owner. The engine issues add the kinds (trob runs, flow runs) and their own fields.
 */
export const runMessage = z.looseObject({
  kind: z.string().min(1),
  runId: z.string().min(1),
  userId: z.string().min(1),
});
export type RunMessage = z.infer<typeof runMessage>;
