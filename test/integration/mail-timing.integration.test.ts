import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../functions/auth/user-repository';
import { AUTH_TEXTS } from '../../shared/auth';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import { type Api, freshAddress, uniqueName } from '../support/api-client';
import { mailsTo, SUBJECTS } from '../support/outbox';

/**
 * Forgot-password and resend-verification must not tell by their timing whether an address has an
 * account (issue 8, point 9): both only count the request and queue a mail job; the mail worker does
 * the rest. Measured from the client through the local gateway, known and unknown interleaved, with
 * the queue drained before each call so the worker's work never overlaps a measured request.
 */
const SAMPLES = 30;
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Allowed gap: the median of the paired differences (each known call against the unknown call made right
 * before or after it), under the largest of 4 ms, a tenth of the calls' median time, and three standard
 * errors of that median as the pairs themselves show it. Sending the mail on the request path cost a
 * known address 10-15 ms on a quiet machine (a token write and the mail), about a third of a call, the
 * same in every pair; the same path for both keeps the gap within noise. Pairs, not the two medians:
 * other test files share the cores, and a pair's two calls see the same load.
 *
 * The noise term: with the integration files beside it, one pair's difference spreads 2-3 times wider
 * than on a quiet machine, and a fixed bound failed twice at 4.9 and 5.1 ms (unknown addresses slower,
 * at 20-29 ms a call). Measured quiet, the median gap was within 1.5 ms in eight runs. A leak moves
 * every pair by the same amount and leaves their spread as it is, so a bound from the spread still
 * catches it; noise goes past three standard errors about three times in a thousand.
 */
const MAX_MEDIAN_GAP_MS = 4;
const MAX_GAP_SHARE = 0.1;
const STANDARD_ERRORS = 3;
/** The median's standard error from the median absolute deviation: robust to the pairs a pause hit. */
const medianStandardError = (values: number[]) => {
  const centre = median(values);
  const spread = 1.4826 * median(values.map((v) => Math.abs(v - centre)));
  return (1.2533 * spread) / Math.sqrt(values.length);
};
const allowedGap = (medians: { known: number; unknown: number; gapError: number }) =>
  Math.max(
    MAX_MEDIAN_GAP_MS,
    MAX_GAP_SHARE * Math.min(medians.known, medians.unknown),
    STANDARD_ERRORS * medians.gapError,
  );

let env: AccountsEnv;
let api: Api;
/** Accounts with an unverified address, written straight to the table: only the routes are measured. */
const known: string[] = [];

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  const at = new Date().toISOString();
  for (let i = 0; i < SAMPLES; i++) {
    const username = uniqueName('timing');
    const email = `${username.toLowerCase()}@example.test`;
    await createUser({
      id: randomUUID(),
      email,
      username,
      plan: 'FREE',
      trialEndsAt: null,
      emailVerified: false,
      createdAt: at,
      passwordHash: 'not-a-password',
      passwordChangedAt: at,
    });
    known.push(email);
  }
});

afterAll(async () => {
  await env?.close();
});

/** One call from a client of its own (the per-client mail limit is 10 an hour), timed end to end. */
async function timed(path: string, email: string): Promise<{ ms: number; status: number; text: string }> {
  await env.mailDelivered();
  const client = api.from(freshAddress());
  const started = performance.now();
  const res = await client.post(path, { email });
  return { ms: performance.now() - started, status: res.status, text: res.text };
}

async function compare(path: string, message: string) {
  // Warm-up: the handler's first call loads its module and opens its connections.
  for (let i = 0; i < 3; i++) await timed(path, `${uniqueName('warm')}@example.test`);
  const times = { known: [] as number[], unknown: [] as number[] };
  const gaps: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const pair: Array<['known' | 'unknown', string]> = [
      ['known', known[i]!],
      ['unknown', `${uniqueName('nobody')}@example.test`],
    ];
    // Alternate which goes first, so neither side always follows the other.
    if (i % 2) pair.reverse();
    for (const [side, email] of pair) {
      const res = await timed(path, email);
      expect(res.status, `${side} ${email}`).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ message });
      times[side].push(res.ms);
    }
    gaps.push(times.known.at(-1)! - times.unknown.at(-1)!);
  }
  return {
    known: median(times.known),
    unknown: median(times.unknown),
    gap: median(gaps),
    gapError: medianStandardError(gaps),
  };
}

describe('mail routes answer known and unknown addresses in the same time', () => {
  it('POST /api/auth/forgot-password: 30 known and 30 unknown addresses, paired, differ by under 4 ms (or a tenth of a call, or three standard errors) at the median', async () => {
    const medians = await compare('/api/auth/forgot-password', AUTH_TEXTS.resetSent);
    expect(Math.abs(medians.gap), JSON.stringify(medians)).toBeLessThan(allowedGap(medians));
    // The mails were sent all the same, off the request path.
    for (const email of known.slice(0, 3)) {
      expect((await mailsTo(env.stateDir, email)).map((m) => m.subject)).toEqual([
        expect.stringContaining(SUBJECTS.reset),
      ]);
    }
  });

  it('POST /api/auth/resend-verification: 30 unverified and 30 unknown addresses, paired, differ by under 4 ms (or a tenth of a call, or three standard errors) at the median', async () => {
    const medians = await compare('/api/auth/resend-verification', AUTH_TEXTS.verificationSent);
    expect(Math.abs(medians.gap), JSON.stringify(medians)).toBeLessThan(allowedGap(medians));
    for (const email of known.slice(0, 3)) {
      const subjects = (await mailsTo(env.stateDir, email)).map((m) => m.subject);
      expect(subjects.filter((s) => s.includes(SUBJECTS.verification))).toHaveLength(1);
    }
  });
});
