/**
 * A sandbox site's simulated clock: the real time plus an offset that tests move forward
 * (`site.clock.advance(ms)`, `POST /__sandbox/clock`). What happens "some hours later" on a site
 * (LinkedIn's invitations accepted or declined, replies to messages) and the times of its recent posts
 * read it, so a test sees two days pass in a call. It starts at the real time; a site with a state dir
 * keeps its offset across restarts (linkedin-state.ts).
 */
export interface SandboxClock {
  /** Milliseconds since the Unix epoch, on the simulated clock. */
  now(): number;
  /** Moves the clock forward by `ms` (0 or more). */
  advance(ms: number): void;
  /** How far the simulated clock is ahead of the real one. */
  offsetMs(): number;
}

export class SimulatedClock implements SandboxClock {
  private offset: number;
  private readonly listeners: Array<() => void> = [];

  constructor(
    offsetMs = 0,
    private readonly realNow: () => number = Date.now,
  ) {
    this.offset = offsetMs;
  }

  now(): number {
    return this.realNow() + this.offset;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new Error('the clock only moves forward: advance by 0 ms or more');
    this.offset += Math.round(ms);
    for (const listener of this.listeners) listener();
  }

  offsetMs(): number {
    return this.offset;
  }

  /** Sets the offset a state file kept (no listener is told: nothing changed for them). */
  restore(offsetMs: number): void {
    if (Number.isFinite(offsetMs) && offsetMs >= 0) this.offset = Math.round(offsetMs);
  }

  /** Called after every move of the clock (the state file saves the offset). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/** `POST /__sandbox/clock`: `{"advanceMs": n}` or `{"advanceHours": n}`; answers the clock's state. */
export function parseClockRequest(body: unknown): { advanceMs: number } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error('the clock request must be a JSON object');
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input))
    if (key !== 'advanceMs' && key !== 'advanceHours') throw new Error(`unknown clock field ${key}`);
  const ms =
    typeof input.advanceMs === 'number'
      ? input.advanceMs
      : typeof input.advanceHours === 'number'
        ? input.advanceHours * 3_600_000
        : undefined;
  if (ms === undefined || !Number.isFinite(ms) || ms < 0)
    throw new Error('advanceMs (or advanceHours) must be a number from 0');
  return { advanceMs: ms };
}
