import { describe, expect, it } from 'vitest';
import {
  DEAD_LETTER_RETENTION_SECONDS,
  deadLetterQueueName,
  queueArnEnv,
  queueNames,
  queues,
  queueUrlEnv,
} from '../../../../functions/core/queues';

describe('queues', () => {
  it('defines every named queue under its own name', () => {
    expect(Object.keys(queues).sort()).toEqual([...queueNames].sort());
    for (const name of queueNames) expect(queues[name].name).toBe(name);
  });

  it.each(queueNames)('gives %s a visibility timeout of at least six times its consumer timeout', (name) => {
    const q = queues[name];
    expect(q.consumerTimeoutSeconds).toBeGreaterThan(0);
    expect(q.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * q.consumerTimeoutSeconds);
  });

  it.each(queueNames)('lets %s redrive to its DLQ after at least one receive', (name) => {
    expect(queues[name].maxReceiveCount).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(queues[name].maxReceiveCount)).toBe(true);
  });

  it.each(queueNames)('keeps %s within the SQS limits (visibility ≤ 12 h, retention ≤ 14 days)', (name) => {
    expect(queues[name].visibilityTimeoutSeconds).toBeLessThanOrEqual(12 * 3600);
    expect(queues[name].retentionSeconds).toBeLessThanOrEqual(14 * 24 * 3600);
    expect(queues[name].batchSize).toBeGreaterThanOrEqual(1);
  });

  it('names a dead-letter queue <name>-dlq and keeps its messages the SQS maximum', () => {
    expect(deadLetterQueueName('trob-runs')).toBe('trob-runs-dlq');
    expect(deadLetterQueueName('flow-runs')).toBe('flow-runs-dlq');
    expect(DEAD_LETTER_RETENTION_SECONDS).toBe(1_209_600);
  });

  it('names the env vars QUEUE_URL_<NAME> and QUEUE_ARN_<NAME> in upper snake case', () => {
    expect(queueUrlEnv('trob-runs')).toBe('QUEUE_URL_TROB_RUNS');
    expect(queueArnEnv('trob-runs')).toBe('QUEUE_ARN_TROB_RUNS');
    expect(queueUrlEnv('flow-runs')).toBe('QUEUE_URL_FLOW_RUNS');
    expect(queueArnEnv('flow-runs')).toBe('QUEUE_ARN_FLOW_RUNS');
  });
});
