import * as z from 'zod/mini';

export const healthCheckName = z.enum(['dynamodb', 'queue']);
export type HealthCheckName = z.infer<typeof healthCheckName>;

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.record(healthCheckName, z.enum(['ok', 'failing'])),
});
export type HealthResponse = z.infer<typeof healthResponse>;
