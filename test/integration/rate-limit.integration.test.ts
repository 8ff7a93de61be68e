import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE } from '../../functions/auth/auth-rules';
import { RateLimitedError } from '../../functions/core/errors';
import { type RateRule, record, release, take } from '../../functions/core/rate-limit';
import { useIntegrationEnv } from '../support/integration-env';

/**
 * Issue 18 point 6: a limit holds in any span of a window's length, across what used to be a fixed
 * window's boundary. The clock is passed in (every rate call takes `now`), against DynamoDB Local.
 */
beforeAll(async () => {
  await useIntegrationEnv();
});

const at = (seconds: number) => seconds * 1000;
/** A fixed 15-minute window's boundary (epoch seconds divisible by 900 and by an hour). */
const BOUNDARY = 1_800_000_000 - (1_800_000_000 % 3600);

const outcome = (rules: RateRule[], now: number) =>
  take(rules, 'Too many', now).then(
    () => 'ok' as const,
    (error: unknown) => {
      if (error instanceof RateLimitedError) return 'refused' as const;
      throw error;
    },
  );

async function outcomes(rules: RateRule[], times: number[]) {
  const out: string[] = [];
  for (const t of times) out.push(await outcome(rules, t));
  return out;
}

const fresh = (rule: (key: string) => RateRule) => rule(`${randomUUID()}@example.test`);

describe('sliding rate limits', () => {
  it('sign-in failures: 5 just before a boundary, then none just after it', async () => {
    const rule = fresh((email) => RATE.passwordFailuresPerAccountClient(email, '198.51.100.7'));
    expect(rule.limit).toBe(5);
    const before = await outcomes(
      [rule],
      [1, 2, 3, 4, 5].map((i) => at(BOUNDARY - 6 + i)),
    );
    expect(before).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    const after = await outcomes(
      [rule],
      [1, 2, 3, 4, 5].map((i) => at(BOUNDARY + i)),
    );
    expect(after).toEqual(['refused', 'refused', 'refused', 'refused', 'refused']);
  });

  it('mails: 3 an hour per address hold across the hour, and come back a window (and a bucket) later', async () => {
    const rule = fresh((email) => RATE.mailsPerAddress('reset', email));
    expect([rule.limit, rule.windowSeconds]).toEqual([3, 3600]);
    expect(await outcomes([rule], [at(BOUNDARY - 3), at(BOUNDARY - 2), at(BOUNDARY - 1)])).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    expect(await outcomes([rule], [at(BOUNDARY), at(BOUNDARY + 1800)])).toEqual(['refused', 'refused']);
    // The three sit in the bucket starting at BOUNDARY - 240; it leaves the count 3840 s after it began.
    expect(await outcomes([rule], [at(BOUNDARY - 240 + 3840 - 1)])).toEqual(['refused']);
  });

  it('lets the limit through and refuses one more, within any window-length span', async () => {
    const rule = fresh((ip) => RATE.passwordFailuresPerClient(ip));
    expect(rule.limit).toBe(20);
    const times = Array.from({ length: 20 }, (_, i) => at(BOUNDARY - 450 + i * 40));
    expect(await outcomes([rule], times)).toEqual(Array(20).fill('ok'));
    expect(await outcomes([rule], [at(BOUNDARY + 400)])).toEqual(['refused']);
  });

  it('counts again once the oldest attempts have left the window', async () => {
    const rule = { subject: `test:${randomUUID()}`, limit: 2, windowSeconds: 900 };
    expect(await outcomes([rule], [at(BOUNDARY), at(BOUNDARY + 1), at(BOUNDARY + 2)])).toEqual([
      'ok',
      'ok',
      'refused',
    ]);
    // Bucket BOUNDARY (60 s wide) counts until BOUNDARY + 960: just before, still refused; at it, free.
    expect(await outcomes([rule], [at(BOUNDARY + 959)])).toEqual(['refused']);
    expect(await outcomes([rule], [at(BOUNDARY + 960)])).toEqual(['ok']);
  });

  it('says how long until one more attempt is within the limit', async () => {
    const rule = { subject: `test:${randomUUID()}`, limit: 1, windowSeconds: 900 };
    await take([rule], 'Too many', at(BOUNDARY + 10));
    const refused = await take([rule], 'Too many', at(BOUNDARY + 100)).catch((e: RateLimitedError) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // Both attempts' buckets must leave: the later one, which began at BOUNDARY + 60, at BOUNDARY + 1020.
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(1020 - 100);
  });

  it('gives back a released attempt in the bucket it was counted in', async () => {
    const rule = { subject: `test:${randomUUID()}`, limit: 1, windowSeconds: 900 };
    expect((await record(rule, at(BOUNDARY + 5))).count).toBe(1);
    await release([rule], at(BOUNDARY + 5));
    expect((await record(rule, at(BOUNDARY + 30))).count).toBe(1);
  });

  it('lets no more than the limit through of attempts sent all at once', async () => {
    const rule = { subject: `test:${randomUUID()}`, limit: 5, windowSeconds: 900 };
    const results = await Promise.all(Array.from({ length: 20 }, () => outcome([rule], at(BOUNDARY + 7))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
  });
});
