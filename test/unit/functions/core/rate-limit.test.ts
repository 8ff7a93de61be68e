import { describe, expect, it } from 'vitest';
import {
  BUCKETS,
  bucketSeconds,
  bucketStart,
  oldestCountedBucket,
  slidingCount,
} from '../../../../functions/core/rate-limit';

const quarterHour = { subject: 's', limit: 5, windowSeconds: 900 };
const hour = { subject: 's', limit: 3, windowSeconds: 3600 };
const T = 1_800_000_000 - (1_800_000_000 % 3600); // on every bucket and window boundary
const at = (seconds: number) => seconds * 1000;

describe('rate windows cut into buckets', () => {
  it('are 15 buckets: a minute each in 15 minutes, 4 minutes in an hour', () => {
    expect(BUCKETS).toBe(15);
    expect(bucketSeconds(quarterHour)).toBe(60);
    expect(bucketSeconds(hour)).toBe(240);
  });

  it('put an instant in the bucket it falls in, the boundary starting the next one', () => {
    expect(bucketStart(quarterHour, at(T))).toBe(T);
    expect(bucketStart(quarterHour, at(T) + 59_999)).toBe(T);
    expect(bucketStart(quarterHour, at(T + 60))).toBe(T + 60);
    expect(bucketStart(quarterHour, at(T) - 1)).toBe(T - 60);
  });

  it('count the bucket holding the first second of the window ending now, and none older', () => {
    expect(oldestCountedBucket(quarterHour, at(T + 30))).toBe(T - 900);
    const buckets = [
      { start: T - 960, count: 7 },
      { start: T - 900, count: 1 },
      { start: T, count: 2 },
    ];
    expect(slidingCount(quarterHour, buckets, at(T + 30)).count).toBe(3);
  });
});

describe('the sliding count', () => {
  it('is within the limit at the limit and over it one past', () => {
    expect(slidingCount(quarterHour, [{ start: T, count: 5 }], at(T)).count).toBe(5);
    expect(slidingCount(quarterHour, [{ start: T, count: 6 }], at(T)).count).toBe(6);
  });

  it('adds what came just before a fixed boundary to what comes just after it', () => {
    const buckets = [
      { start: T - 60, count: 5 },
      { start: T, count: 1 },
    ];
    expect(slidingCount(quarterHour, buckets, at(T + 1)).count).toBe(6);
  });

  it('says when one more attempt would be within the limit: when enough of the oldest buckets have left', () => {
    // 5 in bucket T, 1 in T + 120, limit 5: bucket T must leave, at T + 960.
    const buckets = [
      { start: T + 120, count: 1 },
      { start: T, count: 5 },
    ];
    expect(slidingCount(quarterHour, buckets, at(T + 150)).retryAfterSeconds).toBe(960 - 150);
    // Both must leave when the later one alone fills the limit.
    const full = [
      { start: T, count: 1 },
      { start: T + 120, count: 5 },
    ];
    expect(slidingCount(quarterHour, full, at(T + 150)).retryAfterSeconds).toBe(120 + 960 - 150);
  });

  it('says at least one second, rounding a part of a second up', () => {
    expect(slidingCount(quarterHour, [{ start: T, count: 1 }], at(T)).retryAfterSeconds).toBe(1);
    expect(slidingCount(quarterHour, [{ start: T, count: 9 }], at(T) + 500).retryAfterSeconds).toBe(960);
    expect(slidingCount(quarterHour, [{ start: T, count: 9 }], at(T + 959) + 500).retryAfterSeconds).toBe(1);
  });

  it('counts nothing of an empty window', () => {
    expect(slidingCount(hour, [], at(T))).toEqual({ count: 0, retryAfterSeconds: 1 });
  });
});
