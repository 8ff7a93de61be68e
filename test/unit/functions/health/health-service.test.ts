import { describe, expect, it } from 'vitest';
import {
  createHealthService,
  HEALTH_PROBE_TIMEOUT_MS,
  type Probe,
} from '../../../../functions/health/health-service';
import type { HealthCheckName } from '../../../../shared/health';

const checkHealth = (probes: Record<HealthCheckName, Probe>, timeoutMs = HEALTH_PROBE_TIMEOUT_MS) =>
  createHealthService({ probes, timeoutMs }).checkHealth();

const ok: Probe = async () => 'pong';

/** A probe that never answers on its own but gives up when its signal aborts, like an SDK call. */
const hangsUntilAborted: Probe = (signal) =>
  new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

describe('checkHealth', () => {
  it('is healthy with status ok when every probe answers', async () => {
    await expect(checkHealth({ dynamodb: ok, queue: ok })).resolves.toEqual({
      healthy: true,
      report: { status: 'ok', checks: { dynamodb: 'ok', queue: 'ok' } },
      failures: {},
    });
  });

  it('marks a rejecting probe failing, the status degraded, and records why', async () => {
    const result = await checkHealth({
      dynamodb: ok,
      queue: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:9324');
      },
    });
    expect(result).toEqual({
      healthy: false,
      report: { status: 'degraded', checks: { dynamodb: 'ok', queue: 'failing' } },
      failures: { queue: 'connect ECONNREFUSED 127.0.0.1:9324' },
    });
  });

  it('cuts a probe that honours its AbortSignal at the timeout', async () => {
    const started = Date.now();
    const result = await checkHealth({ dynamodb: hangsUntilAborted, queue: ok }, 50);
    const elapsed = Date.now() - started;
    expect(result.healthy).toBe(false);
    expect(result.report).toEqual({ status: 'degraded', checks: { dynamodb: 'failing', queue: 'ok' } });
    expect(result.failures.dynamodb).toMatch(/timeout|timed out|aborted|did not answer/i);
    expect(elapsed).toBeGreaterThanOrEqual(40);
    expect(elapsed).toBeLessThan(1000);
  });

  it('answers on time even when a probe ignores its AbortSignal', async () => {
    const started = Date.now();
    const result = await checkHealth({ dynamodb: () => new Promise(() => undefined), queue: ok }, 50);
    expect(result.report.checks).toEqual({ dynamodb: 'failing', queue: 'ok' });
    expect(result.failures.dynamodb).toBe('dynamodb did not answer within 50 ms');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives each probe an AbortSignal that is not yet aborted', async () => {
    const seen: boolean[] = [];
    const record: Probe = async (signal) => {
      seen.push(signal.aborted);
    };
    await checkHealth({ dynamodb: record, queue: record }, 50);
    expect(seen).toEqual([false, false]);
  });

  it('records a rejection that is not an Error as text', async () => {
    const result = await checkHealth({ dynamodb: ok, queue: () => Promise.reject('socket hang up') });
    expect(result.failures).toEqual({ queue: 'socket hang up' });
  });
});
