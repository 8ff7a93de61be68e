import * as z from 'zod/mini';
import { idToken } from './text';

/** The WebSocket protocol of DECISIONS 12. */
export const subscribeToJobProgress = z.object({
  action: z.literal('subscribeToJobProgress'),
  jobId: z
    .string({ error: 'jobId is required' })
    .check(z.minLength(1, 'jobId is required'), z.maxLength(128), idToken('jobId')),
});
export type SubscribeToJobProgress = z.infer<typeof subscribeToJobProgress>;

export const jobProgress = z.object({
  jobId: z.string(),
  progress: z.number().check(z.gte(0), z.lte(100)),
  status: z.string(),
  message: z.string(),
  stage: z.string(),
  completedTasks: z.int().check(z.gte(0)),
  totalTasks: z.int().check(z.gte(0)),
  /** Part 2 section 3 lists these too; the engine sends them with every push. */
  successTasks: z.optional(z.int().check(z.gte(0))),
  failedTasks: z.optional(z.int().check(z.gte(0))),
});
export type JobProgress = z.infer<typeof jobProgress>;

export interface JobProgressEvent {
  event: 'jobProgress';
  data: JobProgress;
}

/** API Gateway closes a WebSocket after two hours; records of a connection expire with it. */
export const CONNECTION_MAX_SECONDS = 2 * 3600;
