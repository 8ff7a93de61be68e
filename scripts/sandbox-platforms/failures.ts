/**
 * The failure switches of one sandbox site: per session (or for every session), after how many
 * actions it meets a challenge, a rate limit or an expired session, and how slow its answers are.
 * An action is any page view or JSON call made with the session's login cookie (the login, logout,
 * checkpoint and avatar routes are not actions). The first N actions are answered normally; action
 * N + 1 meets the failure.
 */
export interface SandboxFailures {
  /** After N actions the session is challenged (the platform's checkpoint) until cleared. */
  challengeAfter?: number;
  /**
   * N actions per rate window (rateLimitWindowMs, 15 minutes by default) are answered; the next ones
   * get HTTP 429 until the window ends, when the count starts again.
   */
  rateLimitAfter?: number;
  rateLimitWindowMs?: number;
  /** After N actions the session is revoked: it is expired for good (a new session works). */
  expireAfter?: number;
  /** Every answer to the session is delayed by this many milliseconds. */
  slowMs?: number;
}

/** `POST /__sandbox/failures` and `site.setFailures`: switches for one session (token) or all. */
export type SandboxFailureRequest =
  | (SandboxFailures & { token?: string; clear?: false })
  | { clear: true; token?: string };

export type SessionOutcome = 'ok' | 'challenge' | 'rate_limited' | 'expired';

/** The rate window of a session, what X sends as x-rate-limit-* headers. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
}

export interface SessionActions {
  accountId: string;
  /** Every action since the site started. */
  actions: number;
  /** Actions since the switches that apply to the session were last set or cleared. */
  counted: number;
  state: 'ok' | 'challenge' | 'expired';
}

/** Without a rate-limit switch, the limit the rate headers announce (never enforced). */
export const DEFAULT_RATE_LIMIT = 10_000;
export const DEFAULT_RATE_WINDOW_MS = 15 * 60 * 1000;

const FIELDS = ['challengeAfter', 'rateLimitAfter', 'rateLimitWindowMs', 'expireAfter', 'slowMs'] as const;

/** Checks a request's switches: whole numbers, at least 0 (a window at least 1 ms). */
export function parseFailureRequest(body: unknown): SandboxFailureRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error('failures must be a JSON object');
  const input = body as Record<string, unknown>;
  const token = input.token;
  if (token !== undefined && (typeof token !== 'string' || token === ''))
    throw new Error('token must be a session cookie value');
  if (input.clear === true) return { clear: true, ...(token ? { token } : {}) };
  const out: SandboxFailures & { token?: string } = token ? { token: token as string } : {};
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < (field === 'rateLimitWindowMs' ? 1 : 0)
    )
      throw new Error(
        `${field} must be a whole number${field === 'rateLimitWindowMs' ? ' above 0' : ' from 0'}`,
      );
    out[field] = value;
  }
  for (const key of Object.keys(input))
    if (key !== 'token' && key !== 'clear' && !(FIELDS as readonly string[]).includes(key))
      throw new Error(`unknown switch ${key}`);
  return out;
}

interface Tally extends SessionActions {
  windowStart: number;
  windowCount: number;
}

export class FailureSwitches {
  private global: SandboxFailures = {};
  private readonly perToken = new Map<string, SandboxFailures>();
  private readonly tallies = new Map<string, Tally>();
  /** Sessions revoked by expireAfter: they answer "expired", not "unknown session". */
  private readonly expired = new Set<string>();

  /** The switches that apply to a session: its own over the global ones. */
  config(token: string | undefined): SandboxFailures {
    return { ...this.global, ...(token ? this.perToken.get(token) : undefined) };
  }

  /** Sets (replacing) or clears the switches of one session or of all; their counts start again. */
  apply(request: SandboxFailureRequest): void {
    const { token } = request;
    if (request.clear) {
      if (token) this.perToken.delete(token);
      else {
        this.global = {};
        this.perToken.clear();
      }
    } else {
      const switches: SandboxFailures = {};
      for (const field of FIELDS) if (request[field] !== undefined) switches[field] = request[field];
      if (token) this.perToken.set(token, switches);
      else this.global = switches;
    }
    for (const [t, tally] of this.tallies) if (!token || t === token) this.restart(tally);
  }

  slowMs(token: string | undefined): number {
    return this.config(token).slowMs ?? 0;
  }

  isExpired(token: string | undefined): boolean {
    return token !== undefined && this.expired.has(token);
  }

  /** Counts one action of a session and says how to answer it. */
  act(token: string, accountId: string, now = Date.now()): { outcome: SessionOutcome; rate: RateWindow } {
    const config = this.config(token);
    let tally = this.tallies.get(token);
    if (!tally) {
      tally = { accountId, actions: 0, counted: 0, state: 'ok', windowStart: now, windowCount: 0 };
      this.tallies.set(token, tally);
    }
    tally.actions++;
    tally.counted++;
    const windowMs = config.rateLimitWindowMs ?? DEFAULT_RATE_WINDOW_MS;
    if (now >= tally.windowStart + windowMs) {
      tally.windowStart = now;
      tally.windowCount = 0;
    }
    tally.windowCount++;
    const limit = config.rateLimitAfter ?? DEFAULT_RATE_LIMIT;
    const rate: RateWindow = {
      limit,
      remaining: Math.max(0, limit - tally.windowCount),
      reset: Math.ceil((tally.windowStart + windowMs) / 1000),
    };
    if (config.expireAfter !== undefined && tally.counted > config.expireAfter) {
      tally.state = 'expired';
      this.expired.add(token);
      return { outcome: 'expired', rate };
    }
    if (
      tally.state === 'challenge' ||
      (config.challengeAfter !== undefined && tally.counted > config.challengeAfter)
    ) {
      tally.state = 'challenge';
      return { outcome: 'challenge', rate };
    }
    if (config.rateLimitAfter !== undefined && tally.windowCount > config.rateLimitAfter)
      return { outcome: 'rate_limited', rate };
    return { outcome: 'ok', rate };
  }

  /** What the health route shows: the switches and every session's action counts. */
  snapshot(): {
    failures: { global: SandboxFailures; sessions: Record<string, SandboxFailures> };
    actions: Record<string, SessionActions>;
  } {
    return {
      failures: { global: { ...this.global }, sessions: Object.fromEntries(this.perToken) },
      actions: Object.fromEntries(
        [...this.tallies].map(([token, t]) => [
          token,
          { accountId: t.accountId, actions: t.actions, counted: t.counted, state: t.state },
        ]),
      ),
    };
  }

  /** A session's counts, for tests. */
  actionsOf(token: string): SessionActions | undefined {
    const t = this.tallies.get(token);
    return t && { accountId: t.accountId, actions: t.actions, counted: t.counted, state: t.state };
  }

  private restart(tally: Tally): void {
    tally.counted = 0;
    tally.windowCount = 0;
    tally.windowStart = Date.now();
    if (tally.state === 'challenge') tally.state = 'ok';
  }
}
