import type { HealthCheckName, HealthResponse } from '../../shared/health';

/** A probe resolves when its dependency answers and rejects (or times out) when it does not. */
export type Probe = (signal: AbortSignal) => Promise<unknown>;

export const HEALTH_PROBE_TIMEOUT_MS = 2000;

export interface HealthDeps {
  /** One probe per dependency the report names. */
  probes: Record<HealthCheckName, Probe>;
  /** How long a probe may take before it counts as failing. */
  timeoutMs: number;
}

export type HealthService = ReturnType<typeof createHealthService>;

export function createHealthService({ probes, timeoutMs }: HealthDeps) {
  return { checkHealth };

  async function checkHealth(): Promise<{
    healthy: boolean;
    report: HealthResponse;
    failures: Partial<Record<HealthCheckName, string>>;
  }> {
    const names = Object.keys(probes) as HealthCheckName[];
    const results = await Promise.allSettled(
      names.map(async (name) => {
        const signal = AbortSignal.timeout(timeoutMs);
        // The race answers on time even if a probe ignores its signal.
        const timedOut = new Promise<never>((_, fail) =>
          signal.addEventListener('abort', () =>
            fail(new Error(`${name} did not answer within ${timeoutMs} ms`)),
          ),
        );
        await Promise.race([probes[name](signal), timedOut]);
      }),
    );
    const checks = {} as HealthResponse['checks'];
    const failures: Partial<Record<HealthCheckName, string>> = {};
    results.forEach((result, i) => {
      const name = names[i]!;
      checks[name] = result.status === 'fulfilled' ? 'ok' : 'failing';
      if (result.status === 'rejected')
        failures[name] = (result.reason as Error)?.message ?? String(result.reason);
    });
    const healthy = Object.values(checks).every((c) => c === 'ok');
    return { healthy, report: { status: healthy ? 'ok' : 'degraded', checks }, failures };
  }
}
