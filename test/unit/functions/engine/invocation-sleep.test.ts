import { describe, expect, it } from 'vitest';
import { sleepWithinInvocation } from '../../../../functions/engine/invocation-sleep';

describe('a run’s pause within its invocation (issue 35 point 3)', () => {
  it('lasts its whole time while the invocation has time left', async () => {
    const started = Date.now();
    await sleepWithinInvocation(150, () => 60_000, 20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('ends as soon as the invocation’s time is over (the local cloud stopping), not after the pause', async () => {
    const started = Date.now();
    const endsAt = started + 100;
    await sleepWithinInvocation(10_000, () => Math.max(0, endsAt - Date.now()), 20);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(95);
    expect(took).toBeLessThan(1_000);
  });

  it('does not pause at all in an invocation with no time left', async () => {
    const started = Date.now();
    await sleepWithinInvocation(10_000, () => 0);
    expect(Date.now() - started).toBeLessThan(50);
  });
});
